import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { ReadModelName } from './fold/read-model';

/**
 * The version of each read model's logic. Bump a read model's number with any change to the rows
 * its projection writes for the same events: a projector started with the new number rebuilds that
 * read model (and those derived from it) in the background and swaps it in, with nothing to do by
 * hand (docs/design.md, "Versioned read models").
 */
export const READ_MODEL_VERSIONS: { readonly [K in ReadModelName]: number } = {
  removedRows: 1,
  user: 1,
  parlays: 2, // 2: recorded_at, imported (start times, public profiles)
  bets: 2, // 2: starts_at, recorded_at, imported
  bankroll: 2, // 2: adjustments, the ledger's version
  userStats: 1,
  daily: 1,
  sportDistribution: 1,
  streaks: 1,
  goals: 1,
  journalEntries: 1,
  userStreams: 1,
  settings: 1,
  analyticsDaily: 1,
  analyticsMonthly: 1,
  analyticsTotals: 1,
  publicProfile: 1,
  bankrollEntries: 1,
};

/** The versions of the read models in `schema` (read_model_versions), by name. */
export async function readStoredVersions(db: Kysely<Database>, schema: string): Promise<Map<string, number>> {
  const rows = await db.withSchema(schema).selectFrom('read_model_versions').select(['name', 'version']).execute();
  return new Map(rows.map((row) => [row.name, row.version]));
}

/** Records `versions` (a name's code version) as those the rows of `schema` were built with. */
export async function recordVersions(db: Kysely<Database>, schema: string, versions: Readonly<Record<string, number>>): Promise<void> {
  for (const [name, version] of Object.entries(versions)) {
    await sql`insert into ${sql.id(schema, 'read_model_versions')} (name, version, updated_at) values (${name}, ${version}, now())
      on conflict (name) do update set version = excluded.version, updated_at = excluded.updated_at`.execute(db);
  }
}
