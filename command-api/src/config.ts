import { z } from 'zod';
import { count, parseEnv, port, required, sharedVariables } from '@bt/platform';
import { DEFAULT_HASH_QUEUE } from './shared/passwords';
import { DEFAULT_SIGN_IN_LIMITS } from './shared/sign-in-limits';
import { DEFAULT_IMPORTS_AT_ONCE } from './imports/import-slots';

const DEV_DATABASE_URL = 'postgres://postgres:postgres@localhost:5432/bettracker';
const DEV_JWT_SECRET = 'development-only-secret-do-not-use-in-production';

/**
 * command-api's environment, read once. In production EVENTSTORE_URL, DATABASE_URL and JWT_SECRET
 * are required; elsewhere they default to a local Postgres (also the event store) and a dev secret.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { DATABASE_URL, EVENTSTORE_URL, JWT_SECRET, NODE_ENV } = sharedVariables;
  const config = parseEnv(
    z
      .object({ NODE_ENV, PORT: port(3001), EVENTSTORE_URL, DATABASE_URL, JWT_SECRET })
      .superRefine(
        required(
          ['EVENTSTORE_URL', 'DATABASE_URL', 'JWT_SECRET'],
          'is required when NODE_ENV=production',
          (c) => c.NODE_ENV === 'production',
        ),
      ),
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

/**
 * The sign-in protections' environment (read by main.ts and by the launcher): limits per e-mail and
 * per client address in a window, the password-hash queue, and which proxy's X-Forwarded-For to trust.
 */
export const readSignInConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const limits = DEFAULT_SIGN_IN_LIMITS;
  const config = parseEnv(
    z.object({
      LOGIN_FAILURES_PER_EMAIL: count(limits.loginFailuresPerEmail),
      LOGIN_FAILURES_PER_ADDRESS: count(limits.loginFailuresPerAddress),
      REGISTRATIONS_PER_EMAIL: count(limits.registrationsPerEmail),
      REGISTRATIONS_PER_ADDRESS: count(limits.registrationsPerAddress),
      SIGN_IN_WINDOW_MINUTES: count(limits.windowSeconds / 60),
      PASSWORD_HASH_CONCURRENCY: count(DEFAULT_HASH_QUEUE.concurrency),
      PASSWORD_HASH_QUEUE: count(DEFAULT_HASH_QUEUE.maxWaiting),
      TRUST_PROXY_HOPS: sharedVariables.TRUST_PROXY_HOPS,
    }),
    env,
  );
  return {
    signInLimits: {
      loginFailuresPerEmail: config.LOGIN_FAILURES_PER_EMAIL,
      loginFailuresPerAddress: config.LOGIN_FAILURES_PER_ADDRESS,
      registrationsPerEmail: config.REGISTRATIONS_PER_EMAIL,
      registrationsPerAddress: config.REGISTRATIONS_PER_ADDRESS,
      windowSeconds: config.SIGN_IN_WINDOW_MINUTES * 60,
    },
    hashQueue: { concurrency: config.PASSWORD_HASH_CONCURRENCY, maxWaiting: config.PASSWORD_HASH_QUEUE },
    trustProxyHops: config.TRUST_PROXY_HOPS,
  };
};
export type SignInConfig = ReturnType<typeof readSignInConfig>;

/** Imports one process runs at once (IMPORTS_AT_ONCE; read by main.ts and by the launcher). */
export const readImportConfig = (env: NodeJS.ProcessEnv = process.env) =>
  parseEnv(z.object({ IMPORTS_AT_ONCE: count(DEFAULT_IMPORTS_AT_ONCE) }), env).IMPORTS_AT_ONCE;
