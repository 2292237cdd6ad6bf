import { z } from 'zod';
import { readSignInConfig } from '@bt/command-api/config';
import { readHeavyReadConfig, readReplayThreads } from '@bt/query-api/config';
import { parseEnv, port, postgresUrl } from '@bt/platform';

/**
 * The launcher's environment, read once. Unset stores mean the embedded default under DATA_DIR.
 * The services' own limits are read by their config: sign-in (command-api), heavy reads and replay
 * threads (query-api).
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  ...parseEnv(
    z.object({
      PORT: port(3000),
      HOST: z.string().default('0.0.0.0'),
      DATA_DIR: z.string().default('.data'),
      PG_PORT: port(54329),
      DATABASE_URL: postgresUrl.optional(),
      EVENTSTORE_URL: z.string().regex(/^(postgres(ql)?|esdb(\+discover)?):\/\//, 'must be a postgres:// or esdb:// URL').optional(),
      JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
      NODE_ENV: z.string().default('development'),
      WEB_DIST: z.string().default('web/dist'),
    }),
    env,
  ),
  signIn: readSignInConfig(env),
  heavyReads: readHeavyReadConfig(env),
  replayThreads: readReplayThreads(env),
});
export type LauncherConfig = ReturnType<typeof readConfig>;
