import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { createDb, rebuildEvents } from '@bt/platform';
import {
  comparePositions,
  formatPosition,
  parsePosition,
  START,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@bt/event-store';
import {
  CHECKPOINT_NAME,
  type Database,
  eraseUsers,
  SHADOW_SCHEMA,
  Snapshots,
  TABLES,
  type TableName,
  untrackedUserState,
  userOf,
} from '@bt/read-models';
import { PROJECTED_TABLES, saveCheckpoint } from './db/writer';
import { isProjectableUser, ProjectionEngine } from './engine/projection-engine';
import { refusals, shadowFolder, writeFlush, type FoldResult, type FoldRun, type RebuildTimings } from './rebuild-fold';
import { bucketOf, Spill } from './rebuild-spill';
import { buildDeferredIndexes, type DeferredBuild } from './rebuild-shadow';
import { bucketThreads, foldTogether } from './rebuild-partitions';

/**
 * Events a bucket holds on average at most (fewer with a smaller `flushEveryEvents`): what a
 * bucket's fold keeps in memory is its users' states, so this bounds the memory whatever the log's
 * size (a user alone bigger than that makes their bucket as big).
 */
export const EVENTS_PER_BUCKET = 5_000;

/**
 * Events of a bucket's file decoded and folded at a time (fewer with a smaller `pageSize`): a page's
 * events are alive until it is folded, and the collector copied 5,000 of them again and again
 * (a bucket thread's work for the bench's 300k events: 3.4 s of CPU in pages of 5,000, 3.05 s in
 * pages of 500, 3.05 s in pages of 100).
 */
const FOLD_PAGE = 500;

/** A folded bucket's checkpoint row: its position is the one every bucket folds up to. */
const bucketCheckpoint = (bucket: number, count: number) => `buckets:${bucket}/${count}`;
const BUCKET_ROW = /^buckets:(\d+)\/(\d+)$/;

/**
 * `url` with every commit of its connections asynchronous (synchronous_commit off): the buckets'
 * connections. A bucket's rows commit with its checkpoint row and nothing reads the shadow before
 * the swap, so a crash of Postgres can only lose the last buckets whole, which the resumed rebuild
 * folds again (snapshots and marks written again are harmless); the keys, the shadow's checkpoint
 * and the swap commit on the rebuild's own connections, as the server is set.
 */
export const bucketDatabaseUrl = (url: string): string => {
  const parsed = new URL(url);
  const options = parsed.searchParams.get('options');
  parsed.searchParams.set('options', `${options ? `${options} ` : ''}-c synchronous_commit=off`);
  return parsed.toString();
};

/** What folding in buckets needs. */
export interface BucketRun extends Pick<FoldRun, 'store' | 'db' | 'pool' | 'pageSize' | 'snapshots' | 'log' | 'logger' | 'onFlush'> {
  eventsPerBucket: number;
  /**
   * Buckets folded at once, each in a worker thread with its own connections to `databaseUrl` (1: in
   * this thread); default: two for a log of more than four buckets' worth of events, else one.
   */
  threads?: number;
  databaseUrl?: string;
  /** How far it is (0 to 1: the read of the log is the first tenth) and the events folded so far. */
  onProgress?: (done: number, events: number) => void;
}

/** A rebuild folded in buckets that was killed half-way: how many buckets were folded, up to where. */
export async function bucketsDone(db: Kysely<Database>): Promise<{ until: Position; count: number; done: Set<number> } | undefined> {
  const { rows } = await sql<{ name: string; position: string }>`
    select name, position from ${sql.id(SHADOW_SCHEMA, 'checkpoints')} where name like 'buckets:%'`.execute(db);
  if (rows.length === 0) return undefined;
  const count = Number(BUCKET_ROW.exec(rows[0].name)![2]);
  return { until: parsePosition(rows[0].position)!, count, done: new Set(rows.map((row) => Number(BUCKET_ROW.exec(row.name)![1]))) };
}

/**
 * Folds the log up to its head into the shadow schema one bucket of users at a time: one read of
 * the log spills each event into its user's bucket file (rebuild-spill.ts), then each bucket is
 * folded from scratch by an engine of its own, its users' final rows taken once and written by
 * COPY (with the bucket's checkpoint row, in the background while the next bucket is folded), and
 * its states dropped. Memory holds about two buckets' users, however long the log. A killed
 * rebuild resumes with the buckets not yet written (the log is read again, up to the same
 * position). The primary keys of the tables keyed by their user wait until every bucket is written
 * (no two users' rows can clash there); those keyed by an id alone keep theirs, so a row another
 * user holds is refused, and its user set aside, as it is written.
 */
export async function foldInBuckets(run: BucketRun): Promise<FoldResult & { resumed: string | undefined }> {
  const { store, db, pool } = run;
  const before = await bucketsDone(db);
  const until = before?.until ?? (await store.headPosition());
  const count = before?.count ?? Math.max(1, Math.ceil(Number(until.prepare) / run.eventsPerBucket));
  const done = before?.done ?? new Set<number>();
  const resumed = before ? `${done.size} of ${count} buckets@${formatPosition(until)}` : undefined;
  if (resumed) run.log(`rebuild: resuming with ${count - done.size} of ${count} buckets left to fold (--fresh starts over)`);
  await deferUserKeys(db);
  const timings: RebuildTimings = { read: 0, fold: 0, write: 0, swap: 0 };
  let mark = performance.now();
  const lap = (key: keyof RebuildTimings) => {
    const now = performance.now();
    timings[key] += now - mark;
    mark = now;
  };
  const spill = new Spill(count);
  let events = 0;
  // Threads only for a log of several buckets: starting them takes longer than folding a small one.
  // Started before the log is spilled (they load the rebuild's code meanwhile); at most one a bucket left.
  // This thread folds too, so one fewer is started: it has the rebuild's code loaded already.
  const threads = Math.min(run.threads ?? (Number(until.prepare) > 4 * EVENTS_PER_BUCKET ? 2 : 1), count - done.size);
  let workers = threads > 1 && run.databaseUrl ? bucketThreads(threads - 1) : undefined;
  // This thread's buckets on connections of their own too, as a worker's (bucketDatabaseUrl).
  const bucketUrl = run.databaseUrl === undefined ? undefined : bucketDatabaseUrl(run.databaseUrl);
  let mine = bucketUrl === undefined ? undefined : createDb<Database>(bucketUrl, 2);
  const stopWorkers = async () => {
    const stopping = workers;
    const closing = mine;
    workers = undefined;
    mine = undefined;
    await Promise.all([stopping?.destroy(), closing?.db.destroy()]);
  };
  try {
    const total = Math.max(1, Number(until.prepare));
    await spillLog(
      store,
      until,
      run.pageSize,
      (event) => {
        const userId = userOf(event);
        if (userId === undefined) return; // no user's: no read model folds it
        const bucket = bucketOf(userId, count);
        if (!done.has(bucket)) spill.add(bucket, event);
      },
      (at) => run.onProgress?.((0.1 * Number(at.prepare)) / total, 0),
    );
    spill.finish();
    lap('read');

    const text = formatPosition(until);
    // A bucket nobody's events landed in has nothing to write (a small log has few users per bucket).
    const todo = Array.from({ length: count }, (_, bucket) => bucket).filter((bucket) => !done.has(bucket) && spill.holds(bucket));
    let left = todo.length;
    const folded = (bucket: FoldedBucket) => {
      events += bucket.events;
      rebuildEvents().inc(bucket.events);
      run.onProgress?.(0.1 + (0.9 * events) / total, events);
      timings.fold += bucket.fold;
      timings.write += bucket.write;
      left -= 1;
      run.logger.info({ events, bucketsLeft: left }, 'rebuild progress');
      run.onFlush?.(text);
    };
    const work = (bucket: number): BucketWork => ({
      dir: spill.dir,
      count,
      bucket,
      until: text,
      pageSize: run.pageSize,
      snapshots: run.snapshots,
    });
    const here = (bucket: BucketWork) => foldBucket(bucket, { db: mine?.db ?? db, pool: mine?.pool ?? pool, log: run.log });
    if (!workers || todo.length <= 1) {
      for (const bucket of todo) folded(await here(work(bucket)));
    } else {
      await foldTogether(workers, threads - 1, todo.map(work), { databaseUrl: bucketUrl!, log: run.log, folded, here });
    }
    await stopWorkers();
    mark = performance.now();
    await buildDeferredKeys(db);
    // Every bucket written: the shadow's own checkpoint takes the buckets' rows' place.
    await db.transaction().execute(async (trx) => {
      await sql`delete from ${sql.id(SHADOW_SCHEMA, 'checkpoints')} where name like 'buckets:%'`.execute(trx);
      if (comparePositions(until, START) > 0) await saveCheckpoint(trx, SHADOW_SCHEMA, text, CHECKPOINT_NAME);
    });
    lap('write');
  } finally {
    await stopWorkers();
    spill.remove();
  }
  // The catch-up folds on from `until`, each user's state loaded from the rows the buckets wrote.
  const { engine, snapshots } = await shadowFolder(db, run.snapshots);
  return { engine, snapshots, position: until, events, timings, resumed };
}

/** One bucket to fold: where the spill is, which bucket, and up to where (its checkpoint row's position). */
export interface BucketWork {
  dir: string;
  count: number;
  bucket: number;
  until: string;
  pageSize: number;
  snapshots: FoldRun['snapshots'];
}

/** A bucket folded and written: its events and the time it folded and wrote (ms). */
export interface FoldedBucket {
  events: number;
  fold: number;
  write: number;
}

/**
 * Folds one bucket's users from their first event with an engine of their own, then writes their
 * rows, holds and snapshots with the bucket's checkpoint row (writeFlush).
 */
export async function foldBucket(
  work: BucketWork,
  to: { db: Kysely<Database>; pool: pg.Pool; log: (line: string) => void },
): Promise<FoldedBucket> {
  const started = performance.now();
  const engine = new ProjectionEngine();
  const snapshots = new Snapshots({ ...work.snapshots, maxMarks: Number.POSITIVE_INFINITY });
  const fresh = (ids: string[]) => Promise.resolve(new Map(ids.map((id) => [id, untrackedUserState(id)])));
  const seen = new Set<string>();
  let events = 0;
  for (const page of new Spill(work.count, work.dir).read(work.bucket, Math.min(work.pageSize, FOLD_PAGE))) {
    // Nobody of the bucket is in the shadow yet: each is folded from their first event.
    for (const event of page) {
      const userId = userOf(event)!;
      if (seen.has(userId) || !isProjectableUser(userId)) continue;
      seen.add(userId);
      snapshots.startUser(userId);
    }
    const screened = engine.erasures.screen(page); // a deleted account's AccountDeleted and what follows it
    await engine.apply(screened, fresh);
    snapshots.observe(screened, (id) => engine.snapshotState(id));
    events += page.length;
  }
  // Deleted accounts (AccountDeleted): nothing of theirs is written, and what rides along (streams, marks) is erased after.
  const erased = new Set(engine.erasures.all());
  const all = engine.takeChangesByUser();
  const taken = erased.size === 0 ? all : { ...all, users: all.users.filter((user) => !erased.has(user.userId)) };
  const holds = engine.takeHoldChanges();
  const snapshotted = snapshots.take();
  const refused = refusals(engine, snapshots, to.log);
  refused.report(taken.rest.projection_failures.upserts);
  const written = performance.now();
  const checkpoint = bucketCheckpoint(work.bucket, work.count);
  await writeFlush({
    db: to.db,
    pool: to.pool,
    taken,
    snapshotted,
    holds,
    position: work.until,
    checkpoint,
    emptyTables: false,
    refused,
    newStreams: true,
  });
  if (erased.size > 0) await eraseUsers(to.db, SHADOW_SCHEMA, [...erased]);
  return { events, fold: written - started, write: performance.now() - written };
}

/** Reads the log from its start up to `until`, waiting for the events below it still being committed. */
async function spillLog(
  store: EventStore,
  until: Position,
  pageSize: number,
  each: (event: RecordedEvent) => void,
  onPage: (at: Position) => void,
): Promise<void> {
  let at: Position = START;
  while (comparePositions(at, until) < 0) {
    for await (const page of store.readAllPages(at, pageSize)) {
      for (const event of page) {
        if (comparePositions(event.position, until) > 0) return;
        each(event);
        at = event.position;
      }
      onPage(at);
      if (comparePositions(at, until) >= 0) return;
    }
    if (comparePositions(at, until) < 0) await sleep(20); // an append below the head is still committing
  }
}

/**
 * The tables keyed by their user's id (and more): no two users' rows can clash in them, so their
 * primary keys are dropped while the buckets fill them and added once at the end (a sorted build,
 * cheaper than keeping the key row by row). Not user_streams nor projection_failures: their rows
 * of set-aside users are upserted as the buckets go.
 */
const USER_KEYED = PROJECTED_TABLES.filter(
  (table: TableName) => TABLES[table].key[0] === 'user_id' && table !== 'user_streams' && table !== 'projection_failures',
);
const DEFERRED_KEYS = 'rebuild_deferred_keys';

async function deferUserKeys(db: Kysely<Database>): Promise<void> {
  const table = sql.id(SHADOW_SCHEMA, DEFERRED_KEYS);
  await db.transaction().execute(async (trx) => {
    const { rows: found } = await sql<{
      oid: string | null;
    }>`select to_regclass(${`"${SHADOW_SCHEMA}"."${DEFERRED_KEYS}"`})::text as oid`.execute(trx);
    if (found[0].oid !== null) return; // resuming: already deferred
    await sql`create table ${table} (name text primary key, table_name text not null, definition text not null)`.execute(trx);
    for (const name of USER_KEYED) {
      const { rows } = await sql<{ name: string; definition: string }>`
        select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = ${`"${SHADOW_SCHEMA}"."${name}"`}::regclass and contype = 'p'`.execute(trx);
      if (rows.length === 0) continue;
      await sql`insert into ${table} (name, table_name, definition) values (${rows[0].name}, ${name}, ${rows[0].definition})`.execute(trx);
      await sql`alter table ${sql.id(SHADOW_SCHEMA, name)} drop constraint ${sql.id(rows[0].name)}`.execute(trx);
    }
  });
}

/**
 * Adds the keys deferUserKeys dropped, and builds the shadow's deferred secondary indexes, two at
 * a time, the heaviest first (buildDeferredIndexes); then forgets the keys.
 */
async function buildDeferredKeys(db: Kysely<Database>): Promise<void> {
  const table = sql.id(SHADOW_SCHEMA, DEFERRED_KEYS);
  const { rows } = await sql<{ name: string; table_name: string; definition: string; bytes: string }>`
    select name, table_name, definition, pg_relation_size(to_regclass('"' || ${SHADOW_SCHEMA} || '"."' || table_name || '"'))::text as bytes
    from ${table} order by name`.execute(db);
  const keys = rows.map((next): DeferredBuild => ({
    weight: Number(next.bytes ?? 0),
    run: async (trx) => {
      const exists = await sql<{ n: number }>`
          select count(*)::int as n from pg_constraint where conrelid = ${`"${SHADOW_SCHEMA}"."${next.table_name}"`}::regclass
          and conname = ${next.name}`.execute(trx);
      if (exists.rows[0].n > 0) return; // built before a kill
      await sql`alter table ${sql.id(SHADOW_SCHEMA, next.table_name)} add constraint ${sql.id(next.name)} ${sql.raw(next.definition)}`.execute(
        trx,
      );
    },
  }));
  await buildDeferredIndexes(db, keys);
  await sql`drop table ${table}`.execute(db);
}
