import { sql, type Kysely } from 'kysely';

/**
 * The imports running, one row each from its ImportStarted to its end: what the sweeper looks at to
 * end an import whose process died (imports/import-slots.ts). Frozen.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`
    create table if not exists ${sql.id(schema, 'imports')} (
      import_id uuid primary key,
      user_id uuid not null,
      started_at timestamptz not null default now()
    )`.execute(db);
}
