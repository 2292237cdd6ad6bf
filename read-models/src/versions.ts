import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import { MODEL_VERSIONS } from './fold/fold';
import type { ReadModelName } from './fold/read-model';

/**
 * The version of each read model's logic, by its name: each declares its own (`version` in its
 * projection.ts; bump it with any change to the rows it writes for the same events). A projector
 * started with a new number rebuilds that read model (and those derived from it) in the background
 * and swaps it in, with nothing to do by hand (docs/design.md, "Versioned read models").
 */
export const READ_MODEL_VERSIONS: { readonly [K in ReadModelName]: number } = MODEL_VERSIONS;

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
