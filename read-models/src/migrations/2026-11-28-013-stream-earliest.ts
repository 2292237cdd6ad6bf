import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 (asOf in under 250 ms at any instant): per noted stream, the earliest `occurredAt` of
 * its events, so an asOf replay skips the streams written after its snapshot whose every event was
 * recorded after the instant (their events would all be dropped once read: for an early instant,
 * most of a big history's streams). Null for rows noted before this column: not known, read as
 * before. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`alter table ${sql.id(schema, 'snapshot_streams')} add column earliest_recorded timestamptz`.execute(db);
}
