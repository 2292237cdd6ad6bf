import { z } from 'zod';
import { parseEnv, port, postgresUrl } from '@bt/platform';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The projector's environment, read once. Without DATABASE_URL and EVENTSTORE_URL the rebuild uses
 * the launcher's embedded default (Postgres with data under DATA_DIR, port PG_PORT).
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) =>
  parseEnv(
    z.object({
      DATABASE_URL: postgresUrl.optional(),
      EVENTSTORE_URL: z
        .string()
        .regex(/^(postgres(ql)?|esdb(\+discover)?):\/\//, 'must be a postgres:// or esdb:// URL')
        .optional(),
      DATA_DIR: z.string().default('.data'),
      PG_PORT: port(54329),
      PROJECTOR_BATCH_SIZE: positiveInt(2000),
      PROJECTOR_BATCH_MS: positiveInt(20),
      PROJECTOR_CACHED_USERS: positiveInt(1000),
      REBUILD_PAGE_SIZE: positiveInt(5000),
      REBUILD_FLUSH_EVERY_EVENTS: positiveInt(1_000_000),
      REBUILD_FLUSH_EVERY_MS: positiveInt(60_000),
    }),
    env,
  );
export type ProjectorConfig = ReturnType<typeof readConfig>;
