import { sql, type Kysely } from 'kysely';

/**
 * Schema `command` as it stood before migrations were recorded: idempotency records and the
 * sign-in counters (laid out as rate-limiter-flexible's Postgres store expects). Frozen.
 * `if not exists`: a database from before has these tables without the record of this migration.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create table if not exists ${sql.id(schema, 'idempotency')} (
    scope text not null,
    key text not null,
    fingerprint text not null,
    state text not null default 'pending',
    status integer,
    body jsonb,
    position text,
    created_at timestamptz not null default now(),
    primary key (scope, key))`.execute(db);
  await sql`create table if not exists ${sql.id(schema, 'rate_limits')} (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint)`.execute(db);
}
