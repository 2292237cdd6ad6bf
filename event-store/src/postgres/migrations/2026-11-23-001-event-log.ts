import { sql, type Kysely } from 'kysely';

/**
 * The event log as it stood before migrations were recorded (see postgres-event-store.ts for why
 * `commit` is a transaction id and `data`/`metadata` are json). Frozen.
 * A database from before has these tables without the record of this migration: `if not exists`,
 * and tables from before data and metadata were json (early dev databases) are converted.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create table if not exists ${sql.id(schema, 'streams')} (
    stream_id text primary key,
    revision bigint not null)`.execute(db);
  await sql`create table if not exists ${sql.id(schema, 'events')} (
    prepare bigint generated always as identity,
    commit xid8 not null default pg_current_xact_id(),
    stream_id text not null,
    revision bigint not null,
    id uuid not null,
    type text not null,
    data json not null,
    metadata json not null,
    recorded_at timestamptz not null default now(),
    primary key (commit, prepare),
    unique (stream_id, revision))`.execute(db);
  const { rows } = await sql<{ data_type: string }>`select data_type from information_schema.columns
    where table_schema = ${schema} and table_name = 'events' and column_name = 'data'`.execute(db);
  if (rows[0]?.data_type === 'jsonb') {
    await sql`alter table ${sql.id(schema, 'events')} alter column data type json, alter column metadata type json`.execute(db);
  }
}
