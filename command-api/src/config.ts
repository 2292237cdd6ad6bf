import { z } from 'zod';
import { parseEnv, port, postgresUrl } from '@bt/platform';

const DEV_DATABASE_URL = 'postgres://postgres:postgres@localhost:5432/bettracker';
const DEV_JWT_SECRET = 'development-only-secret-do-not-use-in-production';

/**
 * command-api's environment, read once. In production EVENTSTORE_URL, DATABASE_URL and JWT_SECRET
 * are required; elsewhere they default to a local Postgres (also the event store) and a dev secret.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const config = parseEnv(
    z
      .object({
        NODE_ENV: z.string().default('development'),
        PORT: port(3001),
        EVENTSTORE_URL: z.string().regex(/^(postgres(ql)?|esdb(\+discover)?):\/\//, 'must be a postgres:// or esdb:// URL').optional(),
        DATABASE_URL: postgresUrl.optional(),
        JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
      })
      .superRefine((c, ctx) => {
        if (c.NODE_ENV !== 'production') return;
        for (const name of ['EVENTSTORE_URL', 'DATABASE_URL', 'JWT_SECRET'] as const) {
          if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NODE_ENV=production' });
        }
      }),
    env,
  );
  const databaseUrl = config.DATABASE_URL ?? DEV_DATABASE_URL;
  return {
    port: config.PORT,
    databaseUrl,
    eventStoreUrl: config.EVENTSTORE_URL ?? databaseUrl,
    jwtSecret: config.JWT_SECRET ?? DEV_JWT_SECRET,
  };
};
export type CommandApiConfig = ReturnType<typeof readConfig>;
