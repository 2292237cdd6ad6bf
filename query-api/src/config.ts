import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { count, parseEnv, port, postgresUrl } from '@bt/platform/config';
import { DEFAULT_HEAVY_READ_LIMITS, type HeavyReadLimits } from './heavy-reads';

/** query-api's environment, read once at start-up (fails fast naming the bad variable). */
const schema = z.object({
  PORT: port(3002),
  /** Postgres holding the read models (schema `read`). */
  DATABASE_URL: postgresUrl,
  /** The event store: `postgres://…` (Postgres adapter) or `esdb://…` (EventStoreDB). */
  EVENTSTORE_URL: z.string().regex(/^(postgres(ql)?|esdb(\+discover)?):\/\//, 'must be a postgres:// or esdb:// URL'),
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters'),
  /** How long a read with X-Min-Position waits for the projector before answering anyway. */
  MAX_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
});

export type QueryApiConfig = z.infer<typeof schema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): QueryApiConfig => parseEnv(schema, env);

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
