import { z } from 'zod';
import { parseEnv, sharedVariables } from '@bt/platform';
import { partitionFrom } from '@bt/read-models';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A whole number (positive, or from 0 with `zero`) up to `max`, with why that is the most (`fallback` when unset). */
const boundedInt = (fallback: number, max: number, why: string, { zero = false } = {}) => {
  const whole = z.coerce.number().int();
  return (zero ? whole.min(0) : whole.positive()).max(max, `at most ${max}: ${why}`).default(fallback);
};

/** Events per page or batch: each is read into memory whole (and a batch is one transaction). */
const MAX_BATCH = 100_000;

/** How the live projector batches and caches: the projector's process and the one-process product read the same variables. */
const liveVariables = {
  PROJECTOR_BATCH_SIZE: boundedInt(2000, MAX_BATCH, 'a batch is read into memory and written as one transaction'),
  // A timer longer than 2^31 - 1 ms fires at once in Node; a minute is already far past any use.
  PROJECTOR_BATCH_MS: boundedInt(20, 60_000, 'events gather at most this long (ms) before each batch is written'),
  // 0 turns the quiet rule off: every batch gathers for PROJECTOR_BATCH_MS.
  PROJECTOR_BATCH_IDLE_MS: boundedInt(4, 60_000, 'a batch is written once no event has come for this long (ms)', { zero: true }),
  PROJECTOR_CACHED_USERS: positiveInt(1000),
  PROJECTOR_CACHED_ROWS: positiveInt(500_000),
};
const liveSettings = (config: z.infer<z.ZodObject<typeof liveVariables>>) => ({
  batchSize: config.PROJECTOR_BATCH_SIZE,
  batchTimeMs: config.PROJECTOR_BATCH_MS,
  batchIdleMs: config.PROJECTOR_BATCH_IDLE_MS,
  maxCachedUsers: config.PROJECTOR_CACHED_USERS,
  maxCachedRows: config.PROJECTOR_CACHED_ROWS,
});

/** The live projector's batching and cache (startProjector's options), for a process that runs one: the launcher's. */
export const readLiveProjectorConfig = (env: NodeJS.ProcessEnv = process.env) => liveSettings(parseEnv(z.object(liveVariables), env));
export type LiveProjectorConfig = ReturnType<typeof readLiveProjectorConfig>;

/**
 * The projector's environment, read once. Without DATABASE_URL and EVENTSTORE_URL the rebuild uses
 * the launcher's embedded default (Postgres with data under DATA_DIR, port PG_PORT); without
 * DATA_KEYS_MASTER (required in production), the master key kept in DATA_DIR.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { DATABASE_URL, EVENTSTORE_URL, DATA_DIR, PG_PORT, DATA_KEYS_MASTER, NODE_ENV } = sharedVariables;
  const config = parseEnv(
    z.object({
      DATABASE_URL,
      EVENTSTORE_URL,
      DATA_DIR,
      PG_PORT,
      DATA_KEYS_MASTER,
      NODE_ENV,
      ...liveVariables,
      REBUILD_PAGE_SIZE: boundedInt(5000, MAX_BATCH, 'each page of the log is read into memory whole'),
      REBUILD_FLUSH_EVERY_EVENTS: positiveInt(200_000),
      REBUILD_FLUSH_EVERY_MS: positiveInt(60_000),
      /** Groups of users the rebuild folds, each in a worker thread (rebuild.ts); 1: one fold in the process. */
      REBUILD_PARTITIONS: positiveInt(1),
      /** How many of those groups are folded at once (default: all); fewer bound the memory. */
      REBUILD_PARALLEL: z.coerce.number().int().positive().optional(),
      /** How many projector partitions share the users (partitions/partition.ts); 1: one projector for everyone. */
      PROJECTOR_PARTITIONS: positiveInt(1),
      /** Which of them this process projects, 0..PROJECTOR_PARTITIONS-1. */
      PROJECTOR_PARTITION: z.coerce.number().int().min(0).default(0),
    }),
    env,
  );
  return {
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    dataDir: config.DATA_DIR,
    pgPort: config.PG_PORT,
    /** The personal fields' master keys; unset: generated into DATA_DIR, outside production (platform's `dataKeysMaster`). */
    dataKeysMaster: config.DATA_KEYS_MASTER,
    nodeEnv: config.NODE_ENV,
    /** The live projector's batching and cache: startProjector's options, as the launcher's projector reads them. */
    live: liveSettings(config),
    rebuildPageSize: config.REBUILD_PAGE_SIZE,
    rebuildFlushEveryEvents: config.REBUILD_FLUSH_EVERY_EVENTS,
    rebuildFlushEveryMs: config.REBUILD_FLUSH_EVERY_MS,
    rebuildPartitions: config.REBUILD_PARTITIONS,
    rebuildParallel: config.REBUILD_PARALLEL,
    partition: partitionFrom(config.PROJECTOR_PARTITION, config.PROJECTOR_PARTITIONS),
  };
};
export type ProjectorConfig = ReturnType<typeof readConfig>;
