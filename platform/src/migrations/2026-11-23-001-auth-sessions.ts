import { sql, type Kysely } from 'kysely';

/**
 * Session generations (schema `auth`), as they stood before migrations were recorded. Frozen.
 * `if not exists`: a database from before has the table without the record of this migration.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create table if not exists ${sql.id(schema, 'sessions')} (
    user_id uuid primary key,
    generation integer not null,
    updated_at timestamptz not null default now())`.execute(db);
}
