import type { Selectable } from 'kysely';
import type { JournalType, Mood } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

export const journal_entries = table('journal_entries', {
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    title: col.text(),
    content: col.text(),
    type: col.text<JournalType>(),
    mood: col.text<Mood>(),
    tags: col.jsonb<string[]>(),
    date: col.date(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    version: col.integer(),
  },
});

export type JournalEntryRow = Selectable<TableType<typeof journal_entries>>;
