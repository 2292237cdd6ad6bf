import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { NewEvent } from '../port';

/** An event for `bulkInsertEvents`: what append would store, with its stream and its revision there. */
export interface BulkEvent extends NewEvent {
  streamId: string;
  revision: number;
}

/**
 * Writes events straight into the Postgres store's tables in one transaction of two multi-row
 * statements: for test and benchmark volumes that would take minutes through append (a million
 * events one command at a time, an hour). None of append's checks: the caller numbers each
 * stream's events on from its head. Stream heads only ever move forward.
 */
export async function bulkInsertEvents(pool: pg.Pool, schema: string, events: readonly BulkEvent[]): Promise<void> {
  if (events.length === 0) return;
  const heads = new Map<string, number>();
  for (const e of events) heads.set(e.streamId, Math.max(e.revision, heads.get(e.streamId) ?? -1));
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into ${schema}.events (stream_id, revision, id, type, data, metadata)
       select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::json[], $6::json[])`,
      [
        events.map((e) => e.streamId),
        events.map((e) => e.revision),
        events.map((e) => e.id ?? randomUUID()),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
      ],
    );
    await client.query(
      `insert into ${schema}.streams (stream_id, revision) select * from unnest($1::text[], $2::bigint[])
       on conflict (stream_id) do update set revision = greatest(${schema}.streams.revision, excluded.revision)`,
      [[...heads.keys()], [...heads.values()]],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
