import { sql, type Kysely } from 'kysely';

/**
 * Start times (event version 5): bets.starts_at (as typed, with its offset; a parlay row's is its
 * earliest leg's when every leg has one), and, for public profiles' "logged before the start",
 * when each bet or parlay was first recorded and whether an import appended it (bets and parlays).
 * Rows projected before have none of them until a rebuild (`npm run projections:rebuild`) reads
 * them from the log. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`alter table ${sql.id(schema, 'bets')}
    add column starts_at text, add column recorded_at timestamptz, add column imported boolean not null default false`.execute(db);
  await sql`alter table ${sql.id(schema, 'parlays')}
    add column recorded_at timestamptz, add column imported boolean not null default false`.execute(db);
}
