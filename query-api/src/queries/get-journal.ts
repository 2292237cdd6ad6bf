import type { Kysely } from 'kysely';
import type { JournalEntry } from '@bt/contracts';
import type { JournalEntryRow } from '@bt/read-models';
import { iso, readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

export const toJournalEntry = (row: JournalEntryRow): JournalEntry => ({
  id: row.id,
  userId: row.user_id,
  title: row.title,
  content: row.content,
  type: row.type,
  mood: row.mood,
  tags: row.tags,
  date: row.date,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  version: row.version,
});

/** GET /api/journal: by the entry's date, newest first; entries of one day newest written first. */
export async function getJournal(db: Kysely<ReadDatabase>, userId: string): Promise<JournalEntry[]> {
  const rows = await readModels(db)
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toJournalEntry);
}

/** GET /api/journal */
export const journalRoute: QueryRoute = { path: '/journal', answer: ({ db, userId }) => getJournal(db, userId) };
