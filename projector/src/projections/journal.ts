import { rowVersion } from '@bt/contracts';
import type { Projection } from './state';

/** `journal_entries`; readers list them newest first by created_at. */
export const journalProjection: Projection = {
  name: 'journal_entries',
  handlers: {
    JournalWritten(state, event, at) {
      const { data } = event;
      state.journal.set(data.entryId, {
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
      state.dirty.journal.add(data.entryId);
    },
    JournalRevised(state, event, at) {
      const entry = state.journal.get(event.data.entryId);
      if (!entry) return;
      const { title, content, type, mood, tags, date } = event.data.changes;
      state.journal.set(entry.id, {
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
      state.dirty.journal.add(entry.id);
    },
    JournalErased(state, { data }) {
      if (state.journal.delete(data.entryId)) state.dirty.journal.add(data.entryId);
    },
  },
};
