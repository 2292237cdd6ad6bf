import { z } from 'zod';
import { parseEnv, required, sharedVariables } from '@bt/platform';

/** How often a checkpoint is signed while leaves arrive (ms; at most a minute): the launcher and the writer's process read it alike. */
export const TRANSPARENCY_SIGN_EVERY_MS = z.coerce.number().int().min(10).max(60_000).default(60_000);

/**
 * The log writer's own process (docker compose's `transparency-log`), read once: DATABASE_URL is
 * required, EVENTSTORE_URL defaults to it; in production DATA_KEYS_MASTER and TRANSPARENCY_KEY are
 * required (elsewhere, unset, both are kept in DATA_DIR as under `npm start`). With PORT set it
 * serves /livez, /readyz and /metrics there.
 */
export const readLogWriterConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { DATABASE_URL, EVENTSTORE_URL, DATA_DIR, DATA_KEYS_MASTER, NODE_ENV, TRANSPARENCY_KEY, TRANSPARENCY_ORIGIN } = sharedVariables;
  const config = parseEnv(
    z
      .object({
        /** Unset: no ops port (a port() default would always open one). */
        PORT: z.coerce.number().int().min(0).max(65535).optional(),
        DATABASE_URL,
        EVENTSTORE_URL,
        DATA_DIR,
        DATA_KEYS_MASTER,
        NODE_ENV,
        TRANSPARENCY_KEY,
        TRANSPARENCY_ORIGIN,
        TRANSPARENCY_SIGN_EVERY_MS,
      })
      .superRefine(required(['DATABASE_URL']))
      .superRefine(
        required(['DATA_KEYS_MASTER', 'TRANSPARENCY_KEY'], 'is required when NODE_ENV=production', (c) => c.NODE_ENV === 'production'),
      ),
    env,
  );
  return {
    port: config.PORT,
    databaseUrl: config.DATABASE_URL!,
    eventStoreUrl: config.EVENTSTORE_URL ?? config.DATABASE_URL!,
    dataDir: config.DATA_DIR,
    dataKeysMaster: config.DATA_KEYS_MASTER,
    nodeEnv: config.NODE_ENV,
    transparencyKey: config.TRANSPARENCY_KEY,
    transparencyOrigin: config.TRANSPARENCY_ORIGIN,
    transparencySignEveryMs: config.TRANSPARENCY_SIGN_EVERY_MS,
  };
};
