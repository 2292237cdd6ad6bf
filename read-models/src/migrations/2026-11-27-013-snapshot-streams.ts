import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 (asOf in under 250 ms): per user stream, the position of its latest event, kept beside
 * the snapshots for users whose marks are kept (snapshots/), so an asOf replay reads only the
 * streams written after its snapshot rather than every stream of a 100,000-bet user. Positions are
 * fixed-width digits (`sortablePosition`), compared bytewise. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'snapshot_streams')} (
    user_id uuid not null,
    stream_id text not null,
    position text collate "C" not null,
    primary key (user_id, stream_id))`.execute(db);
  await sql`create index ${sql.id('snapshot_streams_by_position')} on ${sql.id(schema, 'snapshot_streams')} (user_id, position)`.execute(
    db,
  );
}
