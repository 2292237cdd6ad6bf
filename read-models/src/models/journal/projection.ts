import { rowVersion } from '@bt/contracts';
import type { JournalEntryRow } from '../../database';
import { newestFirst, type ReadModel } from '../../fold/read-model';
import { KeyedRows } from '../../fold/row-sets';
import { takeRemoved } from '../removed-rows/projection';
import { journal_entries as journalEntriesTable } from './table';

/** `journal_entries`; readers list them newest first by created_at. */
export const journalProjection: ReadModel<'journalEntries', typeof journalEntriesTable, KeyedRows<'journal_entries'>, JournalEntryRow[]> = {
  name: 'journalEntries',
  uses: ['removedRows'],
  table: journalEntriesTable,
  version: 1,
  initial: (userId) => new KeyedRows(journalEntriesTable, userId),
  reads: {
    JournalWritten(state, event, at) {
      const { data } = event;
      state.journalEntries.put(data.entryId, {
        id: data.entryId,
        user_id: state.userId,
        title: data.title,
        content: data.content,
        type: data.type,
        mood: data.mood,
        tags: [...data.tags],
        date: data.date,
        created_at: at,
        updated_at: at,
        version: rowVersion(event.revision),
      });
    },
    JournalRevised(state, event, at) {
      const entry = state.journalEntries.get(event.data.entryId);
      if (!entry) return;
      const { title, content, type, mood, tags, date } = event.data.changes;
      state.journalEntries.put(entry.id, {
        ...entry,
        title: title ?? entry.title,
        content: content ?? entry.content,
        type: type ?? entry.type,
        mood: mood ?? entry.mood,
        tags: tags ? [...tags] : entry.tags,
        date: date ?? entry.date,
        updated_at: at,
        version: rowVersion(event.revision),
      });
    },
    JournalErased(state, { data }) {
      state.journalEntries.remove(data.entryId);
    },
    JournalRestored(state, event, at) {
      const kept = takeRemoved(state, 'entry', event.data.entryId);
      if (kept) state.journalEntries.put(kept.row.id, { ...kept.row, updated_at: at, version: rowVersion(event.revision) });
    },
  },
  rowSet: (state) => state.journalEntries,
  replay: (state) => state.journalEntries.list().sort(newestFirst),
};
