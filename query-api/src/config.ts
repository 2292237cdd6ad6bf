import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { count, parseEnv, port, required, sharedVariables } from '@bt/platform';
import { DEFAULT_HEAVY_READ_LIMITS, type HeavyReadLimits } from './heavy-reads';

/**
 * query-api's environment, read once at start-up (fails fast naming the bad variable). On its own
 * it has no local default: DATABASE_URL (the read models), EVENTSTORE_URL, JWT_SECRET,
 * DATA_KEYS_MASTER (the personal fields' master keys) and TRANSPARENCY_KEY are required.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { DATABASE_URL, EVENTSTORE_URL, JWT_SECRET, DATA_KEYS_MASTER, TRANSPARENCY_KEY, TRANSPARENCY_ORIGIN } = sharedVariables;
  const config = parseEnv(
    z
      .object({
        PORT: port(3002),
        DATABASE_URL,
        EVENTSTORE_URL,
        JWT_SECRET,
        DATA_KEYS_MASTER,
        /** The transparency log's signing key (its writer's): query-api serves its verifier key with the log's reads. */
        TRANSPARENCY_KEY,
        TRANSPARENCY_ORIGIN,
        /** How long a read with X-Min-Position waits for the projector before answering anyway. */
        MAX_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
        DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
        /** How many projector partitions write the read models (the projectors' own PROJECTOR_PARTITIONS). */
        PROJECTOR_PARTITIONS: z.coerce.number().int().min(1).max(1024).default(1),
      })
      .superRefine(required(['DATABASE_URL', 'EVENTSTORE_URL', 'JWT_SECRET', 'DATA_KEYS_MASTER', 'TRANSPARENCY_KEY'])),
    env,
  );
  return {
    port: config.PORT,
    databaseUrl: config.DATABASE_URL!,
    eventStoreUrl: config.EVENTSTORE_URL!,
    jwtSecret: config.JWT_SECRET!,
    dataKeysMaster: config.DATA_KEYS_MASTER!,
    transparencyKey: config.TRANSPARENCY_KEY!,
    transparencyOrigin: config.TRANSPARENCY_ORIGIN,
    maxWaitMs: config.MAX_WAIT_MS,
    dbPoolSize: config.DB_POOL_SIZE,
    projectorPartitions: config.PROJECTOR_PARTITIONS,
  };
};
export type QueryApiConfig = ReturnType<typeof readConfig>;

/** Turns for heavy reads (asOf replays, the NDJSON download, the CSV export); the launcher reads them too. */
export const readHeavyReadConfig = (env: NodeJS.ProcessEnv = process.env): HeavyReadLimits => {
  const config = parseEnv(
    z.object({
      HEAVY_READS_PER_USER: count(DEFAULT_HEAVY_READ_LIMITS.perUser),
      HEAVY_READS_TOTAL: count(DEFAULT_HEAVY_READ_LIMITS.total),
      HEAVY_READ_MAX_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(DEFAULT_HEAVY_READ_LIMITS.maxWaitMs),
    }),
    env,
  );
  return { perUser: config.HEAVY_READS_PER_USER, total: config.HEAVY_READS_TOTAL, maxWaitMs: config.HEAVY_READ_MAX_WAIT_MS };
};

/**
 * Threads for asOf replays (REPLAY_THREADS; 0: replays run on the main thread). By default one per
 * heavy read allowed at once (HEAVY_READS_TOTAL), but never more than the machine's cores: a thread
 * more than there are cores only takes CPU from the main thread.
 */
export const readReplayThreads = (env: NodeJS.ProcessEnv = process.env): number => {
  const fallback = Math.min(readHeavyReadConfig(env).total, availableParallelism());
  return parseEnv(z.object({ REPLAY_THREADS: z.coerce.number().int().min(0).max(64).default(fallback) }), env).REPLAY_THREADS;
};
