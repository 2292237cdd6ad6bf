import { sql, type Kysely } from 'kysely';
import { appendsNoEventSql, type EventStore } from '@bt/event-store';
import type { Logger } from '@bt/platform';
import { type Database, type Partition, partitionOf, readPartitionCheckpoint } from '@bt/read-models';
import type { ProjectionEngine } from './engine/projection-engine';
import { beginLiveBatch, READ_MODELS_LOCK } from './db/writer';
import { readReleasableUsers } from './imports/holds';
import type { LiveFirst } from './imports/live-first';
import { releaseHold, type ReleaseTarget } from './imports/release';
import type { PartitionLease } from './partitions/lease';

export interface HoldReleasesOptions {
  db: Kysely<Database>;
  store: EventStore;
  schema: string;
  partition: Partition;
  lease: PartitionLease;
  /** The partition's batch lock statement (partitions/lease.ts). */
  batchLock: string;
  /** The live engine, which takes a released user's state. */
  engine: ProjectionEngine;
  /** The live batches, which a release's slices let go first. */
  liveFirst: LiveFirst;
  /** Each release (info). */
  logger: Logger;
  /** A failed run and its retry. */
  log: (line: string) => void;
  stopped: () => boolean;
}

/**
 * The live projector's transactions for a release (imports/release.ts): locked, as a live batch of
 * the partition opens its own; unlocked, with only the shared read-models lock (no swap meanwhile).
 */
const liveReleaseTarget = (options: HoldReleasesOptions): ReleaseTarget => {
  const { db, schema, partition, lease, batchLock } = options;
  return {
    db,
    store: options.store,
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
    released: (userId, state) => options.engine.adoptReleased(userId, state),
    turn: () => options.liveFirst.turn(),
  };
};

/**
 * Releases the partition's users held by an import once it ended (imports/release.ts), one at a
 * time, beside the batches: after a batch that ended an import, and when the projector starts
 * following. One run at a time: a request during a run runs the list once more after it. A failed
 * run is tried again a second later.
 */
export class HoldReleases {
  private readonly target: ReleaseTarget;
  private running: Promise<void> | undefined;
  private again = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: HoldReleasesOptions) {
    this.target = liveReleaseTarget(options);
  }

  /** Releases every hold that is due (once the run in progress ends, if one is). */
  request(): void {
    const { db, schema, partition, logger, log, stopped } = this.options;
    if (stopped()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const userId of await readReleasableUsers(db, schema)) {
          if (stopped()) return;
          if (partitionOf(userId, partition.count) !== partition.index) continue;
          const started = performance.now();
          if (await releaseHold(this.target, userId)) {
            logger.info({ userId, durationMs: Math.round(performance.now() - started) }, 'import hold released');
          }
        }
      } while (this.again && !stopped());
    })()
      .catch((error: unknown) => {
        if (stopped()) return;
        log(`projector: releasing an import's hold failed: ${(error as Error)?.stack ?? String(error)}; retrying in 1 s`);
        this.retryTimer = setTimeout(() => this.request(), 1000);
      })
      .finally(() => (this.running = undefined));
  }

  /** Drops a retry that is waiting (at stop). */
  cancelRetry(): void {
    clearTimeout(this.retryTimer);
  }

  /** Resolves once the run in progress (if any) ends. */
  async settled(): Promise<void> {
    await this.running;
  }
}
