import { z } from 'zod';
import { parseEnv, sharedVariables } from '@bt/platform';
import { partitionFrom } from './partitions/partition';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The projector's environment, read once. Without DATABASE_URL and EVENTSTORE_URL the rebuild uses
 * the launcher's embedded default (Postgres with data under DATA_DIR, port PG_PORT).
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { DATABASE_URL, EVENTSTORE_URL, DATA_DIR, PG_PORT } = sharedVariables;
  const config = parseEnv(
    z.object({
      DATABASE_URL,
      EVENTSTORE_URL,
      DATA_DIR,
      PG_PORT,
      PROJECTOR_BATCH_SIZE: positiveInt(2000),
      PROJECTOR_BATCH_MS: positiveInt(20),
      PROJECTOR_CACHED_USERS: positiveInt(1000),
      REBUILD_PAGE_SIZE: positiveInt(5000),
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
    batchSize: config.PROJECTOR_BATCH_SIZE,
    batchTimeMs: config.PROJECTOR_BATCH_MS,
    maxCachedUsers: config.PROJECTOR_CACHED_USERS,
    rebuildPageSize: config.REBUILD_PAGE_SIZE,
    rebuildFlushEveryEvents: config.REBUILD_FLUSH_EVERY_EVENTS,
    rebuildFlushEveryMs: config.REBUILD_FLUSH_EVERY_MS,
    rebuildPartitions: config.REBUILD_PARTITIONS,
    rebuildParallel: config.REBUILD_PARALLEL,
    partition: partitionFrom(config.PROJECTOR_PARTITION, config.PROJECTOR_PARTITIONS),
  };
};
export type ProjectorConfig = ReturnType<typeof readConfig>;
