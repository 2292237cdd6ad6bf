import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { SingleBar } from 'cli-progress';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { createDb, createLogger, rebuildEvents, threadFile, tsxThreadArgs, type Logger } from '@bt/platform';
import { comparePositions, formatPosition, parsePosition, START, type EventStore, type Position } from '@bt/event-store';
import {
  changeCount,
  CHECKPOINT_NAME,
  type Database,
  mergeChanges,
  migrateReadModels,
  ownedEvents,
  type Partition,
  type ProjectionFailureRow,
  READ_SCHEMA,
  type RowChanges,
  SHADOW_SCHEMA,
  Snapshots,
  type TakenChanges,
  WHOLE,
  writeSnapshots,
} from '@bt/read-models';
import { loadUserStates } from './db/load-users';
import {
  isDataError,
  lockReadModels,
  notifyFailures,
  notifyPosition,
  readCheckpoint,
  readSetAsideUsers,
  saveCheckpoint,
  writeChanges,
  writeChangesByCopy,
  writeEachUser,
  writeUsers,
  type RefusedUser,
} from './db/writer';
import { failureRow, ProjectionEngine } from './engine/projection-engine';
import { readHeldUsers, readReleasableUsers, writeHoldChanges } from './imports/holds';
import { releaseHold, type ReleaseTarget } from './imports/release';
import { restoreBeforeFailure } from './restore';

export interface RebuildOptions {
  store: EventStore;
  /** Postgres holding the read models. */
  databaseUrl: string;
  /** Drop a half-built shadow schema and start from the first event (default: resume it). */
  fresh?: boolean;
  /** Events per page of the log; default 5000. */
  pageSize?: number;
  /**
   * Save state and checkpoint (in the background, while folding goes on) after this many events...;
   * default 200,000: Postgres writes one flush on the other core while the next is folded (every
   * 1,000,000 left it idle during the fold, then the fold waiting for it: 7.1k events/s over 996,895
   * events, against 8.8k).
   */
  flushEveryEvents?: number;
  /** ...or this long (ms), whichever comes first; default 60,000. What a killed rebuild can lose. */
  flushEveryMs?: number;
  /** Show a progress bar (events/s, ETA) on stderr. */
  progress?: boolean;
  log?: (line: string) => void;
  /** Progress at each saved flush (info); the platform's logger by default. */
  logger?: Logger;
  /** When a user's next snapshot for asOf replays is due (snapshots/snapshots.ts; tests take them often). */
  snapshots?: { minEvents?: number; growth?: number };
  /** Called after each saved flush (tests use it to kill a rebuild half-way). */
  onFlush?: (position: string) => void;
  /**
   * Fold the users in this many groups by the projector partitions' hash, each in its own worker
   * thread reading the log (default 1: one fold in this thread). More folds at once use more cores.
   */
  partitions?: number;
  /** Groups folded at once (default: all of them); fewer bound the memory (each holds its users' states). */
  parallel?: number;
  /** The event store's URL, for the worker threads' own connections; required with `partitions` above 1. */
  eventStoreUrl?: string;
}

export interface RebuildResult {
  /** Events folded by this run (a resumed run counts only its own). */
  events: number;
  /** The checkpoint the new read models start from. */
  position: string | undefined;
  /** Where this run resumed from, when a shadow schema was already half built. */
  resumedFrom: string | undefined;
  seconds: number;
  eventsPerSecond: number;
  /** Where the time went (ms): waiting for pages of the log, folding, waiting for flushes, the final swap. */
  timings: { read: number; fold: number; write: number; swap: number };
  /** Users set aside because an event of theirs could not be projected (see projection_failures). */
  setAside: number;
}

/** Only one rebuild at a time per database (session-level advisory lock). */
const REBUILD_LOCK = 0x62745f7265627569n; // "bt_rebui"

/**
 * Secondary indexes of the shadow schema are dropped while it fills and built once at the end
 * (a sorted build is far cheaper than maintaining them row by row). Their definitions wait in this
 * table, inside the shadow schema, so a resumed rebuild still builds them.
 */
const DEFERRED = 'rebuild_deferred_indexes';

async function deferSecondaryIndexes(db: Kysely<any>, schema: string): Promise<void> {
  const table = sql.id(schema, DEFERRED);
  if (await tableExists(db, schema, DEFERRED)) return; // resuming: already deferred
  await db.transaction().execute(async (trx) => {
    await sql`create table ${table} (name text primary key, definition text not null)`.execute(trx);
    const { rows } = await sql<{ name: string; definition: string }>`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not i.indisunique and not i.indisprimary`.execute(trx);
    for (const { name, definition } of rows) {
      await sql`insert into ${table} (name, definition) values (${name}, ${definition})`.execute(trx);
      await sql`drop index ${sql.id(schema, name)}`.execute(trx);
    }
  });
}

async function buildDeferredIndexes(db: Kysely<any>, schema: string): Promise<void> {
  if (!(await tableExists(db, schema, DEFERRED))) return;
  const table = sql.id(schema, DEFERRED);
  const { rows } = await sql<{ definition: string }>`select definition from ${table} order by name`.execute(db);
  // Two at a time, on two connections: Postgres builds each on one core, and the fold is over.
  const queue = [...rows];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await sql.raw(next.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(db);
    }
  };
  await Promise.all([lane(), lane()]);
  await sql`drop table ${table}`.execute(db);
}

const tableExists = async (db: Kysely<any>, schema: string, table: string) =>
  (await sql<{ oid: string | null }>`select to_regclass(${`"${schema}"."${table}"`})::text as oid`.execute(db)).rows[0].oid !== null;

const schemaExists = async (db: Kysely<any>, schema: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname = ${schema}`.execute(db)).rows[0].n > 0;

/** What one fold of the log needs: its connections, where it starts and stops, whose events, its checkpoint row. */
interface FoldRun {
  store: EventStore;
  db: Kysely<Database>;
  pool: pg.Pool;
  /** The checkpoint it resumes from (undefined: the first event). */
  resumedFrom: string | undefined;
  /** Whose events it folds (WHOLE: everyone's). */
  partition: Partition;
  /** The last position it folds (partitions all stop at one position); undefined: the log's end. */
  until?: Position;
  /** The checkpoint row each flush writes. */
  checkpoint: string;
  /** Its first flush writes into empty tables (writeChangesByCopy's emptyTables): one fold alone, from the first event. */
  emptyTables: boolean;
  pageSize: number;
  flushEveryEvents: number;
  flushEveryMs: number;
  snapshots?: RebuildOptions['snapshots'];
  log: (line: string) => void;
  logger: Logger;
  onFlush?: (position: string) => void;
  /** After each page: the position reached and the events read so far. */
  onPage?: (position: Position, events: number) => void;
}

/** Set-aside users and their failure rows, shared by the fold's flushes and the final catch-up. */
const refusals = (engine: ProjectionEngine, snapshots: Snapshots, log: (line: string) => void) => {
  const report = (failures: readonly ProjectionFailureRow[]) => {
    for (const f of failures) {
      log(`rebuild: user ${f.user_id} set aside at ${f.stream_id}@${f.revision} (${f.event_type}, position ${f.position}): ${f.error}`);
    }
  };
  /**
   * Sets aside the users whose rows Postgres refused. Returns their failure rows and streams, to
   * write now (the engine hands them over again with the next flush; writing them twice is harmless).
   */
  const setAside = (refused: readonly RefusedUser[]) => {
    for (const user of refused) {
      engine.refuse(user, user.error);
      snapshots.forget(user.userId);
    }
    return refused.map((user) => ({
      failure: failureRow(user.userId, user.lastEvent, user.error),
      streams: [...user.changes.user_streams.inserts, ...user.changes.user_streams.upserts],
    }));
  };
  const withRefused = (rest: RowChanges, refused: ReturnType<typeof setAside>): RowChanges => ({
    ...rest,
    projection_failures: { inserts: [], upserts: [...rest.projection_failures.upserts, ...refused.map((r) => r.failure)], deletes: [] },
    user_streams: {
      inserts: rest.user_streams.inserts,
      upserts: [...rest.user_streams.upserts, ...refused.flatMap((r) => r.streams)],
      deletes: [],
    },
  });
  return { report, setAside, withRefused };
};

const loadFrom = (from: Kysely<Database>) => (ids: string[]) => loadUserStates(from, SHADOW_SCHEMA, ids);

/** Releases every user of the shadow whose imports have all ended, folded up to the position `run` passes. */
const releaseAll = async (
  db: Kysely<Database>,
  store: EventStore,
  run: <T>(work: (trx: Kysely<Database>, position: string | undefined) => Promise<T>) => Promise<T>,
) => {
  const target: ReleaseTarget = { db, store, schema: SHADOW_SCHEMA, transaction: (_locked, work) => run(work) };
  for (const userId of await readReleasableUsers(db, SHADOW_SCHEMA)) await releaseHold(target, userId);
};

/**
 * Folds the log into the shadow schema from `resumedFrom` (up to `until`), the events of
 * `partition`'s users, writing every `flushEveryEvents`/`flushEveryMs` in the background while
 * folding goes on, and everything left at the end. Returns the engine and snapshots holding the
 * folded states (the caller's catch-up folds on from them).
 */
export async function foldLog(run: FoldRun) {
  const { store, db, pool, partition, until } = run;
  const engine = new ProjectionEngine();
  // Every user's mark stays in memory, as every state does: marks are written in the background.
  const snapshots = new Snapshots({ ...run.snapshots, maxMarks: Number.POSITIVE_INFINITY });
  engine.setAsideUsers(await readSetAsideUsers(db, SHADOW_SCHEMA)); // resuming: those it set aside already
  engine.heldUsers(await readHeldUsers(db, SHADOW_SCHEMA)); // and those an import holds
  const { report, setAside, withRefused } = refusals(engine, snapshots, run.log);
  let position: Position = (run.resumedFrom && parsePosition(run.resumedFrom)) || START;
  const started = performance.now();
  let events = 0;
  let sinceFlush = 0;
  let lastFlushAt = started;
  let saving: Promise<void> = Promise.resolve();

  // Writes happen in the background while folding goes on (`takeChanges` hands over a snapshot),
  // one at a time: the next starts once the writer is free and enough has changed.
  let writing = false;
  let failure: unknown;
  // New rows go by COPY, all users together; if Postgres refuses that for one user's data, the
  // flush is written again one user at a time and the users it refuses are set aside.
  let tablesEmpty = run.emptyTables;
  const save = (taken: TakenChanges, at: Position) => {
    const text = formatPosition(at);
    const emptyTables = tablesEmpty;
    tablesEmpty = false;
    const snapshotted = snapshots.take(); // encoded as folded; written before the rows (a mark never lags them)
    const holds = engine.takeHoldChanges(); // written before the rows too: writing one again is harmless
    writing = true;
    report(taken.rest.projection_failures.upserts);
    saving = saving.then(async () => {
      await writeSnapshots(db, SHADOW_SCHEMA, snapshotted);
      await writeHoldChanges(db, SHADOW_SCHEMA, holds);
      const client = await pool.connect();
      try {
        await writeChangesByCopy(client, SHADOW_SCHEMA, mergeChanges([...taken.users.map((u) => u.changes), taken.rest]), text, {
          emptyTables,
          checkpoint: run.checkpoint,
        });
        client.release();
      } catch (error) {
        client.release(error as Error); // not reused: it may be mid-way through a COPY
        if (!isDataError(error)) throw error;
        await db.transaction().execute(async (trx) => {
          const refused = setAside(await writeEachUser(trx, SHADOW_SCHEMA, taken.users));
          report(refused.map((r) => r.failure));
          await writeChanges(trx, SHADOW_SCHEMA, withRefused(taken.rest, refused));
          await saveCheckpoint(trx, SHADOW_SCHEMA, text, run.checkpoint);
        });
      }
      run.logger.info({ events, position: text, seconds: Math.round((performance.now() - started) / 1000) }, 'rebuild progress');
      run.onFlush?.(text);
    });
    saving.then(
      () => (writing = false),
      (error: unknown) => (failure ??= error),
    );
    return saving;
  };

  const timings = { read: 0, fold: 0, write: 0, swap: 0 };
  let mark = performance.now();
  const lap = (key: keyof typeof timings) => {
    const now = performance.now();
    timings[key] += now - mark;
    mark = now;
  };
  // Each page is read while the one before is folded (readAllPages reads one ahead).
  for await (const read of store.readAllPages(position, run.pageSize)) {
    lap('read');
    // Up to `until` only: the events after it are the catch-up's (or another run's).
    const beyond = until ? read.findIndex((event) => comparePositions(event.position, until) > 0) : -1;
    const page = beyond >= 0 ? read.slice(0, beyond) : read;
    if (page.length > 0) {
      const owned = ownedEvents(partition, page);
      await snapshots.load(db, SHADOW_SCHEMA, owned);
      await engine.apply(owned, loadFrom(db));
      snapshots.observe(owned, (id) => engine.snapshotState(id));
      lap('fold');
      position = page[page.length - 1].position;
      events += page.length;
      rebuildEvents().inc(owned.length);
      sinceFlush += page.length;
      run.onPage?.(position, events);
    }
    if (failure) throw failure;
    if (!writing && (sinceFlush >= run.flushEveryEvents || performance.now() - lastFlushAt >= run.flushEveryMs)) {
      void save(engine.takeChangesByUser(), position);
      lap('fold');
      sinceFlush = 0;
      lastFlushAt = performance.now();
    }
    if (beyond >= 0) break;
  }
  const pending = engine.takeChangesByUser();
  lap('fold');
  if (pending.users.length > 0 || changeCount(pending.rest) > 0 || (position !== START && formatPosition(position) !== run.resumedFrom)) {
    await save(pending, position);
  }
  await saving;
  lap('write');
  return { engine, snapshots, position, events, timings };
}

/** A partition's checkpoint row in the shadow schema while a partitioned rebuild folds (never one the live projector reads). */
export const partitionCheckpoint = (partition: Partition) => `rebuild:${partition.index}/${partition.count}`;
/** Every partition's checkpoint row (a LIKE pattern). */
const PARTITION_CHECKPOINTS = 'rebuild:%';

/** What a partition's worker thread is given (rebuild-worker.ts). */
export interface PartitionWork {
  databaseUrl: string;
  eventStoreUrl: string;
  partition: Partition;
  resumedFrom: string | undefined;
  until: string;
  pageSize: number;
  flushEveryEvents: number;
  flushEveryMs: number;
  snapshots?: RebuildOptions['snapshots'];
}

/** What it passes on while it folds (its result is the task's). */
export type PartitionMessage = { log: string } | { page: { prepare: string; events: number } };

/** Built to JavaScript (`npm run build:server`), the worker is the rebuild-worker.js beside this bundle. */
const WORKER = threadFile(import.meta.url, 'rebuild-worker');

/**
 * Worker threads (piscina, as query-api's replays) folding the groups, `parallel` at once; each
 * resolves to its events and timings, and passes its log lines and progress on as it goes.
 */
const partitionThreads = (
  parallel: number,
  log: (line: string) => void,
  onPage: (index: number, prepare: bigint, events: number) => void,
) => {
  const pool = new Piscina({
    filename: WORKER.filename,
    minThreads: 0,
    maxThreads: parallel,
    // As TypeScript, a thread loads tsx as the process did (`tsx`, or `--import tsx`); V8's flags
    // (REBUILD_NODE_FLAGS) are refused for a thread: its limits are set below.
    execArgv: WORKER.built ? [] : tsxThreadArgs(),
    // The young generation the rebuild's own flags give the main thread (REBUILD_NODE_FLAGS' semi-space of
    // 64 MB), and room for a group's states past V8's default limit (about 4 GB here): a group needing more
    // than 12 GB wants more groups (REBUILD_PARTITIONS) and the machine's memory to match.
    resourceLimits: { maxYoungGenerationSizeMb: 192, maxOldGenerationSizeMb: 12_288 },
  });
  return {
    async fold(work: PartitionWork): Promise<{ events: number; timings: RebuildResult['timings'] }> {
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (message: PartitionMessage) => {
        if ('log' in message) log(message.log);
        else onPage(work.partition.index, BigInt(message.page.prepare), message.page.events);
      });
      try {
        return (await pool.run({ ...work, port: port2 }, { transferList: [port2] })) as {
          events: number;
          timings: RebuildResult['timings'];
        };
      } finally {
        port1.close();
      }
    },
    close: () => pool.destroy(),
  };
};

/**
 * Rebuilds every read model from the first event into the shadow schema, then swaps it in.
 *
 * The same engine as the live projector folds the whole log in memory (readAllPages), and every
 * `flushEveryEvents`/`flushEveryMs` writes the changed rows (new ones by COPY) with the shadow
 * checkpoint in one transaction, in the background while folding goes on. A killed rebuild therefore resumes from
 * its last flush when run again. Once caught up, under the lock every live write takes, it folds
 * the last events, renames `read` away and the shadow to `read`, drops the old one and notifies,
 * all in one transaction: readers see the old models or the new ones, never neither. The live
 * projector notices on its next write and follows on from the new checkpoint.
 *
 * With `partitions` above 1, the users are folded in that many groups (the projector partitions'
 * hash), each in a worker thread that reads the whole log and folds its users' events up to the
 * log's head when the rebuild started, with its own checkpoint row (a killed run resumes each
 * group from its own); `parallel` of them at once. The catch-up then folds on from that position
 * for everyone, each user's state loaded from the rows the groups wrote.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { store } = options;
  const pageSize = options.pageSize ?? 5000;
  const flushEveryEvents = options.flushEveryEvents ?? 200_000;
  const flushEveryMs = options.flushEveryMs ?? 60_000;
  const partitions = options.partitions ?? 1;
  const log = options.log ?? (() => undefined);
  const logger = options.logger ?? createLogger('rebuild');
  if (!Number.isInteger(partitions) || partitions < 1) throw new Error('rebuild: partitions: a whole number, 1 or more');
  if (partitions > 1 && !options.eventStoreUrl)
    throw new Error('rebuild: partitions above 1 need the event store URL (their threads connect)');
  const { db, pool } = createDb<Database>(options.databaseUrl, 4);
  const lockClient = await pool.connect();
  let bar: SingleBar | undefined;
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
      REBUILD_LOCK.toString(),
    ]);
    if (!rows[0].locked) throw new Error('Another rebuild of the read models is running on this database');

    if (options.fresh) await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(db);
    await migrateReadModels(db, SHADOW_SCHEMA);
    await deferSecondaryIndexes(db, SHADOW_SCHEMA);
    const resumedFrom = await readCheckpoint(db, SHADOW_SCHEMA);
    const partitionRows = await sql<{ name: string; position: string }>`
      select name, position from ${sql.id(SHADOW_SCHEMA, 'checkpoints')} where name like ${PARTITION_CHECKPOINTS}`.execute(db);
    const groups = Array.from({ length: partitions }, (_, index): Partition => ({ index, count: partitions }));
    const wanted = new Set(groups.map(partitionCheckpoint));
    if ((partitions > 1 && resumedFrom) || partitionRows.rows.some((row) => !wanted.has(row.name))) {
      throw new Error(
        `rebuild: the half-built rebuild was folded in ${resumedFrom ? 'one group' : 'another number of groups'}; ` +
          'resume it with the same REBUILD_PARTITIONS, or start over with --fresh',
      );
    }
    if (resumedFrom) log(`rebuild: resuming ${SHADOW_SCHEMA} from ${resumedFrom} (--fresh starts over)`);

    const head = await store.headPosition();
    const started = performance.now();
    let done = 0;
    if (options.progress) {
      bar = new SingleBar({
        stream: process.stderr,
        format: 'Rebuilding read models [{bar}] {percentage}% | {value}/{total} | {speed} events/s | ETA {eta_formatted}',
        etaBuffer: 20,
        fps: 5,
        hideCursor: true,
      });
      bar.start(Math.max(Number(head.prepare), 1), Number(resumedFrom ? (parsePosition(resumedFrom)?.prepare ?? 0) : 0), { speed: 0 });
    }
    const progress = (prepare: bigint, events: number) => {
      if (!bar) return;
      const seconds = (performance.now() - started) / 1000;
      if (Number(prepare) > bar.getTotal()) bar.setTotal(Number(prepare));
      bar.update(Number(prepare), { speed: Math.round(events / Math.max(seconds, 0.001)) });
    };
    const common = { pageSize, flushEveryEvents, flushEveryMs, snapshots: options.snapshots };

    let engine: ProjectionEngine;
    let snapshots: Snapshots;
    let position: Position;
    let events: number;
    let timings: RebuildResult['timings'];
    if (partitions === 1) {
      ({ engine, snapshots, position, events, timings } = await foldLog({
        ...common,
        store,
        db,
        pool,
        resumedFrom,
        partition: WHOLE,
        checkpoint: CHECKPOINT_NAME,
        emptyTables: !resumedFrom,
        log,
        logger,
        onFlush: options.onFlush,
        onPage: (at, count) => progress(at.prepare, count),
      }));
    } else {
      // Every group folds up to the head as it is now; the catch-up below folds what came after.
      const until = head;
      const resumed = new Map(partitionRows.rows.map((row) => [row.name, row.position]));
      const read = new Array<number>(partitions).fill(0);
      timings = { read: 0, fold: 0, write: 0, swap: 0 };
      const all = timings;
      const threads = partitionThreads(Math.max(1, Math.min(options.parallel ?? partitions, partitions)), log, (index, prepare, count) => {
        read[index] = count;
        progress(prepare, Math.max(...read));
      });
      try {
        await Promise.all(
          groups.map(async (group) => {
            const result = await threads.fold({
              ...common,
              databaseUrl: options.databaseUrl,
              eventStoreUrl: options.eventStoreUrl!,
              partition: group,
              resumedFrom: resumed.get(partitionCheckpoint(group)),
              until: formatPosition(until),
            });
            read[group.index] = result.events;
            // A group's share of the time: the groups run side by side, so these add up to more than the run.
            for (const key of ['read', 'fold', 'write'] as const) all[key] += result.timings[key];
            done += 1;
            log(`rebuild: group ${group.index + 1} of ${partitions} folded (${done} done)`);
          }),
        );
      } finally {
        await threads.close();
      }
      engine = new ProjectionEngine();
      engine.setAsideUsers(await readSetAsideUsers(db, SHADOW_SCHEMA));
      engine.heldUsers(await readHeldUsers(db, SHADOW_SCHEMA));
      snapshots = new Snapshots({ ...options.snapshots, maxMarks: Number.POSITIVE_INFINITY });
      position = until;
      events = Math.max(0, ...read);
    }
    bar?.stop();
    bar = undefined;
    let mark = performance.now();
    await buildDeferredIndexes(db, SHADOW_SCHEMA);
    timings.swap += performance.now() - mark;
    mark = performance.now();

    // Users whose imports ended are released now, as the live projector would (imports/release.ts).
    const folded = formatPosition(position);
    await releaseAll(db, store, (work) => db.transaction().execute((trx) => work(trx, folded)));
    timings.swap += performance.now() - mark;
    mark = performance.now();

    // Caught up: the last events and the swap, while no live batch can write.
    const { report, setAside, withRefused } = refusals(engine, snapshots, log);
    let finalPosition = position;
    let setAsideCount = 0;
    await db.transaction().execute(async (trx) => {
      await lockReadModels(trx);
      for await (const page of store.readAllPages(finalPosition, pageSize)) {
        await snapshots.load(trx, SHADOW_SCHEMA, page);
        await engine.apply(page, loadFrom(trx));
        snapshots.observe(page, (id) => engine.snapshotState(id));
        finalPosition = page[page.length - 1].position;
        events += page.length;
      }
      const last = engine.takeChangesByUser();
      const refused = setAside(await writeUsers(trx, SHADOW_SCHEMA, last.users));
      report([...last.rest.projection_failures.upserts, ...refused.map((r) => r.failure)]);
      await writeChanges(trx, SHADOW_SCHEMA, withRefused(last.rest, refused));
      await writeHoldChanges(trx, SHADOW_SCHEMA, engine.takeHoldChanges());
      const caughtUp = formatPosition(finalPosition);
      await releaseAll(trx, store, (work) => work(trx, caughtUp));
      await writeSnapshots(trx, SHADOW_SCHEMA, snapshots.take());
      // Set-aside users keep the fold of their events before the failure, as the live projector leaves them.
      const failures = await trx.withSchema(SHADOW_SCHEMA).selectFrom('projection_failures').selectAll().execute();
      for (const failure of failures) await restoreBeforeFailure(trx, store, SHADOW_SCHEMA, failure);
      setAsideCount = failures.length;
      await sql`delete from ${sql.id(SHADOW_SCHEMA, 'checkpoints')} where name like ${PARTITION_CHECKPOINTS}`.execute(trx);
      const text = finalPosition === START ? undefined : formatPosition(finalPosition);
      if (text) await saveCheckpoint(trx, SHADOW_SCHEMA, text);
      const retired = `${READ_SCHEMA}_replaced`;
      await sql`drop schema if exists ${sql.id(retired)} cascade`.execute(trx);
      const hadReadModels = await schemaExists(trx, READ_SCHEMA);
      if (hadReadModels) await sql`alter schema ${sql.id(READ_SCHEMA)} rename to ${sql.id(retired)}`.execute(trx);
      await sql`alter schema ${sql.id(SHADOW_SCHEMA)} rename to ${sql.id(READ_SCHEMA)}`.execute(trx);
      if (hadReadModels) await sql`drop schema ${sql.id(retired)} cascade`.execute(trx);
      if (text) await notifyPosition(trx, text);
      await notifyFailures(trx); // the new read models have their own set of users set aside
    });
    timings.swap += performance.now() - mark;

    const seconds = (performance.now() - started) / 1000;
    const result: RebuildResult = {
      events,
      position: finalPosition === START ? undefined : formatPosition(finalPosition),
      resumedFrom:
        resumedFrom ??
        (partitionRows.rows.length > 0 ? partitionRows.rows.map((row) => `${row.name}@${row.position}`).join(', ') : undefined),
      seconds,
      eventsPerSecond: Math.round(events / Math.max(seconds, 0.001)),
      timings: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])) as RebuildResult['timings'],
      setAside: setAsideCount,
    };
    log(
      `rebuild: ${events} events in ${seconds.toFixed(1)} s (${result.eventsPerSecond} events/s); read models at ${result.position ?? 'the start'}`,
    );
    if (setAsideCount > 0) {
      log(
        `rebuild: ${setAsideCount} user(s) set aside (see ${READ_SCHEMA}.projection_failures); fix the cause, then rebuild or run projections:retry`,
      );
    }
    return result;
  } finally {
    bar?.stop();
    await lockClient.query('select pg_advisory_unlock($1::bigint)', [REBUILD_LOCK.toString()]).catch(() => undefined);
    lockClient.release();
    await db.destroy();
  }
}
