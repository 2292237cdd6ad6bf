import { sql, type Kysely } from 'kysely';

/**
 * removed_rows: each removed bet, parlay, goal and journal entry with the row it had, so a restore
 * (BetRestored, ParlayRestored, GoalRestored, JournalRestored) puts it back. Read models built
 * before it gain it empty; `npm run projections:rebuild` fills it from the log. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'removed_rows')} (
    id uuid primary key,
    user_id uuid not null,
    kind text not null,
    removed_at timestamptz not null,
    row jsonb not null,
    parlay_row jsonb)`.execute(db);
  await sql`create index ${sql.id('removed_rows_user')} on ${sql.id(schema, 'removed_rows')} (user_id, removed_at desc)`.execute(db);
}
