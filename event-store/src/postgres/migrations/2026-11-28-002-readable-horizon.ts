import { sql, type Kysely } from 'kysely';
import { READ_ONLY_LOCK } from '../readable-horizon';

/**
 * `readable_horizon()`: the bound below which every event's transaction has ended (see
 * postgres-event-store.ts, "Global order"), as `pg_snapshot_xmin` of the reader's snapshot but
 * leaving out the transactions that hold READ_ONLY_LOCK: they write no event (the read models'
 * batches and an import's release), so a long one no longer holds back every reader of the log.
 * Frozen once landed.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const [classid, objid] = READ_ONLY_LOCK;
  await sql`
    create or replace function ${sql.id(schema, 'readable_horizon')}() returns xid8 language sql stable as $$
      select coalesce(
        (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
          where (x::text::bigint % 4294967296) not in (
            select own.transactionid::text::bigint
            from pg_locks marked
            join pg_locks own on own.pid = marked.pid and own.locktype = 'transactionid'
              and own.mode = 'ExclusiveLock' and own.granted
            where marked.locktype = 'advisory' and marked.granted
              and marked.classid = ${sql.lit(classid)}::oid and marked.objid = ${sql.lit(objid)}::oid and marked.objsubid = 2)),
        pg_snapshot_xmax(pg_current_snapshot()))
    $$`.execute(db);
}
