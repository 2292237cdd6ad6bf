import type { Subscription } from 'rxjs';
import { createDb, createLogger, observeProjectorBatch, setProjectorLagSource, type Logger, type ProjectorBatch } from '@bt/platform';
import { comparePositions, parsePosition, START, type EventStore, type Position, type RecordedEvent } from '@bt/event-store';
import { type Database, migrateReadModels, type Partition, projectorLag, READ_SCHEMA, Snapshots, WHOLE } from '@bt/read-models';
import { ProjectionEngine } from './engine/projection-engine';
import { adoptCheckpoint } from './partitions/checkpoints';
import { batchLockSql, LeaseLost, PartitionLease, readSchemaOid } from './partitions/lease';
import { ReadModelsReplaced, writeLiveBatch } from './live-batch';
import { followLiveInBatches } from './live-intake';
import { HoldReleases } from './live-releases';
import { LiveFirst } from './imports/live-first';
import { rebuildStaleReadModels, staleReadModels, type ReadModelVersions } from './version-rebuild';

export interface ProjectorOptions {
  store: EventStore;
  /** Postgres holding the read models. */
  databaseUrl: string;
  /** Default `read`. */
  schema?: string;
  /** Most events per transaction; default 2000. */
  batchSize?: number;
  /** How long at most events gather before a batch is written (ms), from the first; default 20. */
  batchTimeMs?: number;
  /** A batch is written sooner once no event has come for this long (ms); default 4; 0: always batchTimeMs. */
  batchIdleMs?: number;
  /** Users whose state stays in memory between batches; default 1000. */
  maxCachedUsers?: number;
  /** Rows those states may hold in all (engine/projection-engine.ts); default 500,000. */
  maxCachedRows?: number;
  /** When a user's next snapshot for asOf replays is due (snapshots/snapshots.ts; tests take them often). */
  snapshots?: { minEvents?: number; growth?: number };
  /** Where set-aside users and retries are told; the logger (warn) by default. */
  log?: (line: string) => void;
  /** Batches (info) and the rest; the platform's logger by default. */
  logger?: Logger;
  /** The users it projects (partitions/partition.ts); default: everyone (partition 0 of 1). */
  partition?: Partition;
  /** Told each batch once written (its size, what the cache then holds); the process's metrics by default (observeProjectorBatch). */
  onBatch?: (batch: ProjectorBatch) => void;
  /** Rebuild in the background the read models whose code is newer than their rows (version-rebuild.ts); default true. */
  rebuildStale?: boolean;
  /** The read models' code versions (READ_MODEL_VERSIONS by default; tests bump one). */
  versions?: ReadModelVersions;
}

export interface RunningProjector {
  /** Resolves once the read models include every event that was in the log when it was called. */
  caughtUp(): Promise<void>;
  /** The checkpoint written last ("commit.prepare"), undefined before the first batch. */
  position(): string | undefined;
  /** True while this process holds its partition (false while it waits as a hot standby). */
  active(): boolean;
  /** Stops after the batch in flight; closes its own connections (not the store). */
  stop(): Promise<void>;
}

/** What the live loop knows between batches, read and set by its phases below. */
interface LiveState {
  /** The checkpoint written last (undefined before the first batch), and its position. */
  written: string | undefined;
  writtenAt: Position;
  /** The read schema's oid when its checkpoint was adopted: a batch finding another one follows on from the new one. */
  oid: string | null;
  /** The live subscription (none while catching up, waiting for the lease or a retry). */
  subscription: Subscription | undefined;
  /** The batch being written (stop waits for it). */
  flushing: Promise<unknown>;
  stopped: boolean;
  /** Failed attempts in a row, for the retry's back-off. */
  failures: number;
  retryTimer: NodeJS.Timeout | undefined;
}

/** The callers of caughtUp, each waiting for the checkpoint to reach the log's head as it was then. */
class PositionWaiters {
  private readonly waiting = new Set<{ target: Position; resolve: () => void }>();

  wait(target: Position): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.add({ target, resolve }));
  }

  /** Resolves the waiters that `writtenAt` reached. */
  reached(writtenAt: Position): void {
    for (const waiter of this.waiting) {
      if (comparePositions(writtenAt, waiter.target) >= 0) {
        this.waiting.delete(waiter);
        waiter.resolve();
      }
    }
  }
}

/**
 * The live projector: catches up from the read models' checkpoint page by page (`readAllPages`), then
 * follows the log (`store.subscribeAll`), gathering events into batches (live-intake.ts), one
 * batch written at a time. Each batch's row changes are written with the checkpoint in one
 * transaction (live-batch.ts), then `read_models` is notified: a crash therefore never applies
 * an event twice or skips one. Import holds are released beside the batches (live-releases.ts).
 *
 * Each write holds the read-models lock and first checks that the schema and checkpoint are the
 * ones it wrote last; if a rebuild swapped them in meanwhile, it drops its cached states and
 * follows on from the new checkpoint. Any failed write does the same after a pause.
 */
export async function startProjector(options: ProjectorOptions): Promise<RunningProjector> {
  const { store, databaseUrl } = options;
  const schema = options.schema ?? READ_SCHEMA;
  const batchSize = options.batchSize ?? 2000;
  const batchTimeMs = options.batchTimeMs ?? 20;
  const batchIdleMs = options.batchIdleMs ?? 4;
  const logger = options.logger ?? createLogger('projector');
  const log = options.log ?? ((line: string) => logger.warn(line));
  const { db } = createDb<Database>(databaseUrl, 4);
  const partition = options.partition ?? WHOLE;
  const onBatch = options.onBatch ?? observeProjectorBatch;
  const lease = new PartitionLease(databaseUrl, schema, partition);
  const batchLock = batchLockSql(schema, partition);
  const lag = () => projectorLag({ db, store, schema, partition });

  const engine = new ProjectionEngine(options.maxCachedUsers ?? 1000, options.maxCachedRows ?? 500_000);
  const snapshots = new Snapshots(options.snapshots);
  const state: LiveState = {
    written: undefined,
    writtenAt: START,
    oid: null,
    subscription: undefined,
    flushing: Promise.resolve(),
    stopped: false,
    failures: 0,
    retryTimer: undefined,
  };
  const stopped = () => state.stopped;
  const waiters = new PositionWaiters();
  const batches = { db, store, schema, partition, lease, batchLock, engine, snapshots, log };
  const liveFirst = new LiveFirst();
  const releases = new HoldReleases({ db, store, schema, partition, lease, batchLock, engine, liveFirst, logger, log, stopped });

  /** One batch written (live-batch.ts), then told: the metrics, the log, the callers of caughtUp. */
  const flush = async (batch: RecordedEvent[]) => {
    const started = performance.now();
    const { position, holdsChanged } = await liveFirst.batch(() => writeLiveBatch(batches, batch, state));
    state.written = position;
    state.writtenAt = batch[batch.length - 1].position;
    state.failures = 0;
    if (holdsChanged) releases.request();
    onBatch({ events: batch.length, cachedUsers: engine.cachedUsers, cachedRows: engine.cachedRows });
    logger.info({ events: batch.length, position, durationMs: Math.round(performance.now() - started) }, 'projector batch');
    waiters.reached(state.writtenAt);
  };

  /** Takes the partition (or waits for it as a hot standby) and starts from the read models' checkpoint. */
  const adopt = async () => {
    await lease.acquire(() =>
      log(`projector: partition ${partition.index} of ${partition.count} is held by another process; waiting as its hot standby`),
    );
    await migrateReadModels(db, schema);
    state.oid = await readSchemaOid(db, schema);
    state.written = await adoptCheckpoint(db, schema, partition);
    state.writtenAt = (state.written && parsePosition(state.written)) || START;
    waiters.reached(state.writtenAt);
    releases.request(); // holds whose imports ended before a restart
  };

  /** Far behind (first start, after a restore): pulls pages, so reading never runs more than a page ahead of writing. */
  const catchUp = async () => {
    for await (const page of store.readAllPages(state.writtenAt, batchSize)) {
      if (state.stopped) return;
      await (state.flushing = flush(page));
    }
  };

  const follow = async () => {
    if (state.stopped) return;
    await adopt();
    await catchUp();
    if (state.stopped) return;
    state.subscription = followLiveInBatches({
      store,
      after: state.writtenAt,
      batchSize,
      batchTimeMs,
      batchIdleMs,
      stopped,
      write: (batch) => (state.flushing = flush(batch)),
      fail: restart,
    });
  };

  /** After a failure, a rebuild's swap or a lost lease: forgets every state, then follows again (after a back-off for a failure). */
  function restart(error: unknown) {
    state.subscription?.unsubscribe();
    state.subscription = undefined;
    engine.clear();
    snapshots.clear();
    if (state.stopped) return;
    let delay = 0;
    if (error instanceof ReadModelsReplaced) {
      log('projector: the read models were replaced (rebuild); following on from their checkpoint');
    } else if (error instanceof LeaseLost) {
      log(`projector: ${error.message}; waiting for it again`);
    } else {
      state.failures += 1;
      delay = Math.min(5_000, 100 * 2 ** state.failures);
      log(`projector: ${(error as Error)?.stack ?? String(error)}; retrying in ${delay} ms`);
    }
    state.retryTimer = setTimeout(() => follow().catch(restart), delay);
  }

  await migrateReadModels(db, schema);
  const stale = options.rebuildStale === false || schema !== READ_SCHEMA ? [] : await staleReadModels(db, options.versions);
  follow().catch(restart);
  setProjectorLagSource(lag);
  // The old rows keep answering (and being projected) until the rebuilt ones are swapped in.
  const rebuilding = rebuildStaleReadModels({ stale, store, databaseUrl, versions: options.versions, logger }).catch((error: unknown) =>
    log(`projector: rebuilding the read models whose code changed failed: ${(error as Error)?.stack ?? String(error)}`),
  );

  return {
    async caughtUp() {
      const head = await store.headPosition();
      if (comparePositions(state.writtenAt, head) >= 0) return;
      const reached = waiters.wait(head);
      waiters.reached(state.writtenAt);
      await reached;
    },
    position: () => state.written,
    active: () => lease.isHeld,
    async stop() {
      state.stopped = true;
      clearTimeout(state.retryTimer);
      releases.cancelRetry();
      state.subscription?.unsubscribe();
      await state.flushing.catch(() => undefined);
      await releases.settled();
      await rebuilding; // a rebuild stopped half-way resumes at the next start
      await lease.close();
      logger.debug({ position: state.written }, 'projector stopped after its last batch');
      setProjectorLagSource(undefined, lag);
      await db.destroy();
    },
  };
}
