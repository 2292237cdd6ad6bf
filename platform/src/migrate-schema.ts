import { Migrator, type Kysely, type Migration } from 'kysely';

/**
 * One migration of one Postgres schema: a date-prefixed file (`2026-11-24-001-what-it-does.ts`)
 * exporting `up`, frozen once landed (a change is a new, later-dated file). Every statement names
 * `schema`, so the same migration can build a schema under another name (a rebuild's shadow, a
 * test's own schema). It runs raw SQL (`sql`), so the handle it gets knows no tables.
 */
export interface SchemaMigration {
  up(db: Kysely<unknown>, schema: string): Promise<void>;
}

/**
 * The one way every schema of the product is migrated (event store, command, auth, read models):
 * kysely's Migrator over `migrations` in name order, with its bookkeeping (`kysely_migration`) in
 * `schema` itself, so the record moves with the schema (a rebuild renames `read_rebuild` to
 * `read`). Creates `schema` when missing. Runs pending migrations in one transaction under
 * kysely's advisory lock, so services starting together migrate once.
 *
 * A schema that existed before it had migrations (a `.data/` from an older version) has its
 * objects but no bookkeeping: the first migration of each schema is written to be a no-op on it
 * (`if not exists`), and it is then recorded like on a fresh database.
 */
export async function migrateSchema<DB>(
  db: Kysely<DB>,
  schema: string,
  migrations: Readonly<Record<string, SchemaMigration>>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(migrations).map(([name, m]): [string, Migration] => [name, { up: (trx) => m.up(trx, schema) }])),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed in schema ${schema}`, { cause: error });
  }
}
