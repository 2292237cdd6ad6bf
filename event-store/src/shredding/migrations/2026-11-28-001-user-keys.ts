import { sql, type Kysely } from 'kysely';

/**
 * The users' data keys, each wrapped by master key `version` (null both once destroyed: the row
 * stays, so the user never gets a new key). Frozen once landed.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create table if not exists ${sql.id(schema, 'user_keys')} (
    user_id uuid primary key,
    version integer,
    wrapped bytea,
    created_at timestamptz not null default now(),
    destroyed_at timestamptz)`.execute(db);
}
