import { sql } from 'kysely';
import type { Subscription } from 'rxjs';
import { createDb, createLogger, observeProjectorBatch, setProjectorLagSource, type Logger, type ProjectorBatch } from '@bt/platform';
import {
  appendsNoEventSql,
  comparePositions,
  formatPosition,
  parsePosition,
  START,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@bt/event-store';
import {
  checkpointName,
  type Database,
  mergeChanges,
  migrateReadModels,
  ownedEvents,
  type Partition,
  partitionOf,
  positionPayload,
  projectorLag,
  READ_SCHEMA,
  readPartitionCheckpoint,
  Snapshots,
  WHOLE,
  writeSnapshots,
} from '@bt/read-models';
import { loadUserStates } from './db/load-users';
import { beginLiveBatch, commitLiveBatch, notifyFailures, READ_MODELS_LOCK, writeChanges, writeUsers } from './db/writer';
import { readReleasableUsers, writeHoldChanges } from './imports/holds';
import { releaseHold, type ReleaseTarget } from './imports/release';
import { ProjectionEngine } from './engine/projection-engine';
import { restoreBeforeFailure } from './restore';
import { adoptCheckpoint } from './partitions/checkpoints';
import { batchLockSql, LeaseLost, PartitionLease, readSchemaOid } from './partitions/lease';

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

/** The read models were replaced under us (a rebuild swapped its schema in): start again from their checkpoint. */
class ReadModelsReplaced extends Error {}

/**
 * The live projector: catches up from the read models' checkpoint page by page (`readAllPages`), then
 * follows the log (`store.subscribeAll`), gathering events into batches (rxjs bufferTime, one
 * batch written at a time with concatMap). Each batch's row changes are written with the
 * checkpoint in one transaction, then `read_models` is notified: a crash therefore never applies
 * an event twice or skips one.
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
  let written: string | undefined;
  let writtenAt: Position = START;
  let oid: string | null = null;
  let subscription: Subscription | undefined;
  let flushing: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  const waiters = new Set<{ target: Position; resolve: () => void }>();

  const reached = () => {
    for (const waiter of waiters) {
      if (comparePositions(writtenAt, waiter.target) >= 0) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  /**
   * Releases users held by an import once it ended (imports/release.ts), one at a time, beside the
   * batches: after a batch that ended an import, and when the projector starts following.
   */
  const releaseTarget: ReleaseTarget = {
    db,
    store,
    schema,
    transaction: (locked, work) =>
      db.connection().execute(async (conn) => {
        if (locked) await beginLiveBatch(conn, batchLock);
        else
          await sql
            .raw(`begin; ${appendsNoEventSql}; select pg_advisory_xact_lock_shared(${READ_MODELS_LOCK.toString()}::bigint)`)
            .execute(conn);
        try {
          const position = locked ? (await lease.lockedCheckpoint(conn)).position : await readPartitionCheckpoint(conn, schema, partition);
          const result = await work(conn, position);
          await sql`commit`.execute(conn);
          return result;
        } catch (error) {
          await sql`rollback`.execute(conn).catch(() => undefined);
          throw error;
        }
      }),
  };
  let releasing: Promise<void> | undefined;
  let releaseAgain = false;
  let releaseTimer: NodeJS.Timeout | undefined;
  const releaseHolds = (): void => {
    if (stopped) return;
    if (releasing) {
      releaseAgain = true;
      return;
    }
    releasing = (async () => {
      do {
        releaseAgain = false;
        for (const userId of await readReleasableUsers(db, schema)) {
          if (stopped) return;
          if (partitionOf(userId, partition.count) !== partition.index) continue;
          const started = performance.now();
          if (await releaseHold(releaseTarget, userId)) {
            logger.info({ userId, durationMs: Math.round(performance.now() - started) }, 'import hold released');
          }
        }
      } while (releaseAgain && !stopped);
    })()
      .catch((error: unknown) => {
        if (stopped) return;
        log(`projector: releasing an import's hold failed: ${(error as Error)?.stack ?? String(error)}; retrying in 1 s`);
        releaseTimer = setTimeout(releaseHolds, 1000);
      })
      .finally(() => (releasing = undefined));
  };

  /** One batch and the checkpoint in one transaction; a user whose rows Postgres refuses is set aside. */
  const flush = async (batch: RecordedEvent[]) => {
    const started = performance.now();
    let holdsChanged = false;
    const last = batch[batch.length - 1].position;
    const position = formatPosition(last);
    // One connection, its transaction opened and ended by hand: BEGIN goes with the lock, and the
    // checkpoint, its notification and COMMIT go together (two round trips fewer than kysely's
    // transaction()). The checkpoint commits with the batch's rows, as ever.
    await db.connection().execute(async (trx) => {
      await beginLiveBatch(trx, batchLock);
      try {
        const opened = await lease.lockedCheckpoint(trx);
        if (opened.schemaOid !== oid || opened.position !== written) throw new ReadModelsReplaced();
        // Read each time: a retry (`projections:retry`) may have brought users back meanwhile.
        engine.setAsideUsers(opened.setAside);
        engine.heldUsers(opened.held);
        const owned = ownedEvents(partition, batch);
        await snapshots.load(trx, schema, owned);
        // Usually one pass. When the batch's users would not fit in the cache's row bound, the
        // engine folds what fits, its rows are written (in this transaction, so a user forgotten
        // and loaded again reads them), and the rest follows in another pass.
        for (let left = owned; left.length > 0;) {
          const folded = await engine.applySome(left, (ids) => loadUserStates(trx, schema, ids));
          snapshots.observe(left.slice(0, folded), (id) => engine.snapshotState(id));
          left = left.slice(folded);
          const { users, rest } = engine.takeChangesByUser();
          for (const refused of await writeUsers(trx, schema, users)) {
            engine.refuse(refused, refused.error);
            snapshots.forget(refused.userId);
          }
          const all = mergeChanges([rest, engine.takeFailures()]);
          await writeChanges(trx, schema, all);
          const holds = engine.takeHoldChanges();
          await writeHoldChanges(trx, schema, holds);
          if (holds.length > 0) holdsChanged = true;
          await writeSnapshots(trx, schema, snapshots.take());
          const failures = all.projection_failures.upserts;
          if (failures.length > 0) {
            for (const f of failures) await restoreBeforeFailure(trx, store, schema, f);
            await notifyFailures(trx);
            for (const f of failures) {
              log(
                `projector: user ${f.user_id} set aside at ${f.stream_id}@${f.revision} (${f.event_type}, position ${f.position}): ${f.error}`,
              );
            }
          }
        }
        await commitLiveBatch(trx, schema, checkpointName(partition), position, positionPayload(partition, position));
      } catch (error) {
        await sql`rollback`.execute(trx).catch(() => undefined);
        throw error;
      }
    });
    written = position;
    writtenAt = last;
    failures = 0;
    if (holdsChanged) releaseHolds();
    onBatch({ events: batch.length, cachedUsers: engine.cachedUsers, cachedRows: engine.cachedRows });
    logger.info({ events: batch.length, position, durationMs: Math.round(performance.now() - started) }, 'projector batch');
    reached();
  };

  const follow = async () => {
    if (stopped) return;
    await lease.acquire(() =>
      log(`projector: partition ${partition.index} of ${partition.count} is held by another process; waiting as its hot standby`),
    );
    await migrateReadModels(db, schema);
    oid = await readSchemaOid(db, schema);
    written = await adoptCheckpoint(db, schema, partition);
    writtenAt = (written && parsePosition(written)) || START;
    reached();
    releaseHolds(); // holds whose imports ended before a restart
    // Far behind (first start, after a restore): pull pages, so reading never runs more than a page
    // ahead of writing.
    for await (const page of store.readAllPages(writtenAt, batchSize)) {
      if (stopped) return;
      await (flushing = flush(page));
    }
    if (stopped) return;
    // Live: events gather until none has come for batchIdleMs (a burst of writes is over), at most
    // batchTimeMs from the first, then are written as one batch; those arriving while a batch is
    // being written make up the next one, written as soon as it ends. (Buffering by time alone
    // queued a batch every batchTimeMs behind a slower write: lag grew with the load. Waiting the
    // whole batchTimeMs after a burst that ended sooner added that wait to every write's lag.)
    let pending: RecordedEvent[] = [];
    let busy = false;
    let gathering: NodeJS.Timeout | undefined;
    let gatheringSince = 0;
    const writeNext = () => {
      gathering = undefined;
      if (busy || stopped || pending.length === 0) return;
      const batch = pending.length <= batchSize ? pending : pending.slice(0, batchSize);
      pending = batch === pending ? [] : pending.slice(batchSize);
      busy = true;
      (flushing = flush(batch)).then(
        () => {
          busy = false;
          writeNext();
        },
        (error: unknown) => {
          busy = false;
          pending = [];
          restart(error);
        },
      );
    };
    subscription = store.subscribeAll({ after: writtenAt }).subscribe({
      next(event) {
        pending.push(event);
        if (busy) return;
        const now = performance.now();
        if (gathering === undefined) gatheringSince = now;
        else clearTimeout(gathering);
        gathering = setTimeout(writeNext, Math.min(batchIdleMs || batchTimeMs, gatheringSince + batchTimeMs - now));
      },
      error: restart,
    });
    subscription.add(() => {
      clearTimeout(gathering);
      pending = [];
    });
  };

  function restart(error: unknown) {
    subscription?.unsubscribe();
    subscription = undefined;
    engine.clear();
    snapshots.clear();
    if (stopped) return;
    let delay = 0;
    if (error instanceof ReadModelsReplaced) {
      log('projector: the read models were replaced (rebuild); following on from their checkpoint');
    } else if (error instanceof LeaseLost) {
      log(`projector: ${error.message}; waiting for it again`);
    } else {
      failures += 1;
      delay = Math.min(5_000, 100 * 2 ** failures);
      log(`projector: ${(error as Error)?.stack ?? String(error)}; retrying in ${delay} ms`);
    }
    retryTimer = setTimeout(() => follow().catch(restart), delay);
  }

  await migrateReadModels(db, schema);
  follow().catch(restart);
  setProjectorLagSource(lag);

  return {
    async caughtUp() {
      const head = await store.headPosition();
      if (comparePositions(writtenAt, head) >= 0) return;
      await new Promise<void>((resolve) => {
        waiters.add({ target: head, resolve });
        reached();
      });
    },
    position: () => written,
    active: () => lease.isHeld,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(releaseTimer);
      subscription?.unsubscribe();
      await flushing.catch(() => undefined);
      await releasing;
      await lease.close();
      logger.info({ position: written }, 'projector stopped after its last batch');
      setProjectorLagSource(undefined, lag);
      await db.destroy();
    },
  };
}
