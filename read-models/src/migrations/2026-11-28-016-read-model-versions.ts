import { sql, type Kysely } from 'kysely';

/** The read models as they existed when versions began, each at version 1 (frozen: later models add no row here). */
const MODELS_AT_VERSION_1 = [
  'removedRows',
  'user',
  'parlays',
  'bets',
  'bankroll',
  'userStats',
  'daily',
  'sportDistribution',
  'streaks',
  'goals',
  'journalEntries',
  'userStreams',
  'settings',
  'analyticsDaily',
  'analyticsMonthly',
  'analyticsTotals',
];

/**
 * The version of each read model's code its rows were built with (read-models/src/versions.ts): a
 * projector started with a newer one rebuilds that read model. Rows at version 1 for the models of
 * the time, so their rows (built before versions existed) are not rebuilt. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const table = sql.id(schema, 'read_model_versions');
  await sql`
    create table ${table} (
      name text primary key,
      version integer not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  for (const name of MODELS_AT_VERSION_1) await sql`insert into ${table} (name, version) values (${name}, 1)`.execute(db);
}
