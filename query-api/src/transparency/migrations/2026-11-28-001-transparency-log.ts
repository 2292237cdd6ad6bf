import { sql, type Kysely } from 'kysely';

/**
 * The transparency log (schema `transparency`, never touched by a read-model rebuild): its leaves in
 * order, the signed checkpoints, the follower's place in the event log and each pick's committed
 * state (what an amendment's leaf starts from). Frozen.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'leaves')} (
    index bigint primary key,
    hash bytea not null,
    user_id uuid not null,
    pick_id uuid not null,
    commitment_salt text not null,
    fields jsonb not null,
    stake numeric not null,
    event_id uuid not null,
    position_commit numeric not null,
    position_prepare numeric not null)`.execute(db);
  await sql`create index on ${sql.id(schema, 'leaves')} (pick_id, index)`.execute(db);
  await sql`create table ${sql.id(schema, 'checkpoints')} (
    size bigint primary key,
    root bytea not null,
    signed_at timestamptz not null,
    note text not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'picks')} (pick_id uuid primary key, state jsonb not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'follower')} (
    id integer primary key check (id = 1),
    position_commit numeric not null,
    position_prepare numeric not null)`.execute(db);
}
