import { Migrator, type Kysely, type Migration } from 'kysely';
import * as readModels001 from './migrations/2026-11-22-001-read-models';
import * as projectionFailures001 from './migrations/2026-11-23-001-projection-failures';

/** A read-model migration: builds on whatever schema it is given (live `read` or a rebuild's shadow). */
interface SchemaMigration {
  up(db: Kysely<unknown>, schema: string): Promise<void>;
}

/** In order; names are the files' date-prefixed names. Append, never edit a landed one. */
const MIGRATIONS: Record<string, SchemaMigration> = {
  '2026-11-22-001-read-models': readModels001,
  '2026-11-23-001-projection-failures': projectionFailures001,
};

/**
 * Creates `schema` if needed and brings its read-model tables up to date. Bookkeeping lives in the
 * same schema (`kysely_migration`), so it moves with the schema when a rebuild renames it.
 */
export async function migrateReadModels(db: Kysely<any>, schema: string): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, m]): [string, Migration] => [name, { up: (trx) => m.up(trx, schema) }]),
        ),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Read-model migration ${failed ?? ''} failed in schema ${schema}`, { cause: error });
  }
}
