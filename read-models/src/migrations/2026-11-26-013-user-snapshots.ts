import { sql, type Kysely } from 'kysely';

/**
 * Per-user snapshots of the folded state, for asOf replays (see snapshots/), and what the
 * projector has folded of each user since (snapshot_marks). Not read models: nothing derives a
 * user's state from them. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'user_snapshots')} (
    user_id uuid not null,
    version integer not null,
    events integer not null,
    position text not null,
    recorded_until timestamptz not null,
    state bytea not null,
    primary key (user_id, version, events))`.execute(db);
  await sql`create table ${sql.id(schema, 'snapshot_marks')} (
    user_id uuid primary key,
    version integer not null,
    events integer not null,
    recorded_until timestamptz,
    snapshot_events integer not null)`.execute(db);
}
