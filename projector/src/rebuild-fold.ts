import type { Kysely } from 'kysely';
import type pg from 'pg';
import { rebuildEvents, type Logger } from '@bt/platform';
import { comparePositions, formatPosition, parsePosition, START, type EventStore, type Position } from '@bt/event-store';
import {
  changeCount,
  type Database,
  mergeChanges,
  ownedEvents,
  type Partition,
  type ProjectionFailureRow,
  readSetAsideUsers,
  type RowChanges,
  SHADOW_SCHEMA,
  Snapshots,
  type TakenChanges,
  writeSnapshots,
} from '@bt/read-models';
import { loadUserStates } from './db/load-users';
import { isDataError, saveCheckpoint, writeChanges, writeChangesByCopy, writeEachUser, type RefusedUser } from './db/writer';
import { failureRow, type HoldChange, ProjectionEngine } from './engine/projection-engine';
import { readHeldUsers, readReleasableUsers, writeHoldChanges } from './imports/holds';
import { releaseHold, type ReleaseTarget } from './imports/release';

/** Where a rebuild's time went (ms): waiting for pages of the log, folding, waiting for flushes, the final swap. */
export type RebuildTimings = { read: number; fold: number; write: number; swap: number };

/** A fold's outcome: the engine and snapshots holding the folded states, where it stopped, what it read and how long it took. */
export interface FoldResult {
  engine: ProjectionEngine;
  snapshots: Snapshots;
  position: Position;
  events: number;
  timings: RebuildTimings;
}

/** What one fold of the log needs: its connections, where it starts and stops, whose events, its checkpoint row. */
export interface FoldRun {
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
  /** When a user's next snapshot for asOf replays is due (snapshots/snapshots.ts). */
  snapshots?: { minEvents?: number; growth?: number };
  log: (line: string) => void;
  logger: Logger;
  onFlush?: (position: string) => void;
  /** After each page: the position reached and the events read so far. */
  onPage?: (position: Position, events: number) => void;
}

/** Set-aside users and their failure rows, shared by the fold's flushes and the final catch-up. */
export const refusals = (engine: ProjectionEngine, snapshots: Snapshots, log: (line: string) => void) => {
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

/** Loads users' states from the shadow schema's tables through `from` (a connection or the catch-up's transaction). */
export const loadFrom = (from: Kysely<Database>) => (ids: string[]) => loadUserStates(from, SHADOW_SCHEMA, ids);

/** Releases every user of the shadow whose imports have all ended, folded up to the position `run` passes. */
export const releaseAll = async (
  db: Kysely<Database>,
  store: EventStore,
  run: <T>(work: (trx: Kysely<Database>, position: string | undefined) => Promise<T>) => Promise<T>,
) => {
  const target: ReleaseTarget = { db, store, schema: SHADOW_SCHEMA, transaction: (_locked, work) => run(work) };
  for (const userId of await readReleasableUsers(db, SHADOW_SCHEMA)) await releaseHold(target, userId);
};

/**
 * An engine and snapshots to fold into the shadow schema, knowing the users set aside there
 * already (resuming) and those an import holds.
 */
export async function shadowFolder(
  db: Kysely<Database>,
  schedule: FoldRun['snapshots'],
): Promise<{ engine: ProjectionEngine; snapshots: Snapshots }> {
  const engine = new ProjectionEngine();
  // Every user's mark stays in memory, as every state does: marks are written in the background.
  const snapshots = new Snapshots({ ...schedule, maxMarks: Number.POSITIVE_INFINITY });
  engine.setAsideUsers(await readSetAsideUsers(db, SHADOW_SCHEMA));
  engine.heldUsers(await readHeldUsers(db, SHADOW_SCHEMA));
  return { engine, snapshots };
}

/** One flush of a fold into the shadow schema: what `writeFlush` writes, and where. */
interface Flush {
  db: Kysely<Database>;
  pool: pg.Pool;
  taken: TakenChanges;
  snapshotted: ReturnType<Snapshots['take']>;
  holds: HoldChange[];
  /** The checkpoint row `checkpoint` saved with the rows. */
  position: string;
  checkpoint: string;
  emptyTables: boolean;
  refused: ReturnType<typeof refusals>;
  /**
   * The snapshot streams are all new (a bucket's users, folded from their first event): sent by COPY
   * with the rows, in their transaction, rather than upserted before them.
   */
  newStreams?: boolean;
}

/**
 * Writes a flush: snapshots and holds first (a mark never lags the rows; writing one again is
 * harmless), then the rows by COPY, all users together, with the checkpoint row. If Postgres
 * refuses that for one user's data, the flush is written again one user at a time and the users it
 * refuses are set aside.
 */
export async function writeFlush(flush: Flush): Promise<void> {
  const { db, taken, refused: r } = flush;
  const { streams, ...rest } = flush.snapshotted;
  await writeSnapshots(db, SHADOW_SCHEMA, flush.newStreams ? { ...rest, streams: [] } : flush.snapshotted);
  await writeHoldChanges(db, SHADOW_SCHEMA, flush.holds);
  const client = await flush.pool.connect();
  try {
    await writeChangesByCopy(client, SHADOW_SCHEMA, mergeChanges([...taken.users.map((u) => u.changes), taken.rest]), flush.position, {
      emptyTables: flush.emptyTables,
      checkpoint: flush.checkpoint,
      streams: flush.newStreams ? streams : undefined,
    });
    client.release();
  } catch (error) {
    client.release(error as Error); // not reused: it may be mid-way through a COPY
    if (!isDataError(error)) throw error;
    if (flush.newStreams) await writeSnapshots(db, SHADOW_SCHEMA, { snapshots: [], marks: [], forgotten: [], streams });
    await db.transaction().execute(async (trx) => {
      const refused = r.setAside(await writeEachUser(trx, SHADOW_SCHEMA, taken.users));
      r.report(refused.map((u) => u.failure));
      await writeChanges(trx, SHADOW_SCHEMA, r.withRefused(taken.rest, refused));
      await saveCheckpoint(trx, SHADOW_SCHEMA, flush.position, flush.checkpoint);
    });
  }
}

/**
 * Folds the log into the shadow schema from `resumedFrom` (up to `until`), the events of
 * `partition`'s users, writing every `flushEveryEvents`/`flushEveryMs` in the background while
 * folding goes on, and everything left at the end. Returns the engine and snapshots holding the
 * folded states (the caller's catch-up folds on from them).
 */
export async function foldLog(run: FoldRun): Promise<FoldResult> {
  const { store, db, pool, partition, until } = run;
  const { engine, snapshots } = await shadowFolder(db, run.snapshots);
  const refused = refusals(engine, snapshots, run.log);
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
  let tablesEmpty = run.emptyTables;
  const save = (taken: TakenChanges, at: Position) => {
    const text = formatPosition(at);
    const emptyTables = tablesEmpty;
    tablesEmpty = false;
    const snapshotted = snapshots.take(); // encoded as folded; written before the rows (a mark never lags them)
    const holds = engine.takeHoldChanges(); // written before the rows too: writing one again is harmless
    writing = true;
    refused.report(taken.rest.projection_failures.upserts);
    saving = saving.then(async () => {
      await writeFlush({ db, pool, taken, snapshotted, holds, position: text, checkpoint: run.checkpoint, emptyTables, refused });
      run.logger.info({ events, position: text, seconds: Math.round((performance.now() - started) / 1000) }, 'rebuild progress');
      run.onFlush?.(text);
    });
    saving.then(
      () => (writing = false),
      (error: unknown) => (failure ??= error),
    );
    return saving;
  };

  const timings: RebuildTimings = { read: 0, fold: 0, write: 0, swap: 0 };
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
      const owned = engine.erasures.screen(ownedEvents(partition, page));
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
