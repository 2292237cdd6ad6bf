import { join } from 'node:path';
import { z } from 'zod';
import { count, parseEnv, port, required, sharedVariables } from '@bt/platform';
import type { MailRoute } from './shared/mailer';
import { DEFAULT_HASH_QUEUE } from './shared/passwords';
import { DEFAULT_SIGN_IN_LIMITS } from './shared/sign-in-limits';
import { DEFAULT_PASSWORD_RESET_LIMITS } from './users/reset-limits';
import { DEFAULT_IMPORTS_AT_ONCE } from './imports/import-slots';

const DEV_DATABASE_URL = 'postgres://postgres:postgres@localhost:5432/bettracker';
const DEV_JWT_SECRET = 'development-only-secret-do-not-use-in-production';

/**
 * command-api's environment, read once. In production EVENTSTORE_URL, DATABASE_URL, JWT_SECRET and
 * DATA_KEYS_MASTER are required; elsewhere they default to a local Postgres (also the event store) and a dev secret.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { DATABASE_URL, EVENTSTORE_URL, JWT_SECRET, NODE_ENV, DATA_KEYS_MASTER, DATA_DIR } = sharedVariables;
  const config = parseEnv(
    z
      .object({ NODE_ENV, PORT: port(3001), EVENTSTORE_URL, DATABASE_URL, JWT_SECRET, DATA_KEYS_MASTER, DATA_DIR })
      .superRefine(
        required(
          ['EVENTSTORE_URL', 'DATABASE_URL', 'JWT_SECRET', 'DATA_KEYS_MASTER'],
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
    /** Outside production, unset: the master key generated into DATA_DIR (platform's `dataKeysMaster`). */
    dataKeysMaster: config.DATA_KEYS_MASTER,
    dataDir: config.DATA_DIR,
    nodeEnv: config.NODE_ENV,
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
      RESET_LINKS_PER_EMAIL: count(DEFAULT_PASSWORD_RESET_LIMITS.perEmail),
      RESET_LINKS_PER_ADDRESS: count(DEFAULT_PASSWORD_RESET_LIMITS.perAddress),
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
    passwordResetLimits: {
      perEmail: config.RESET_LINKS_PER_EMAIL,
      perAddress: config.RESET_LINKS_PER_ADDRESS,
      windowSeconds: config.SIGN_IN_WINDOW_MINUTES * 60,
    },
    hashQueue: { concurrency: config.PASSWORD_HASH_CONCURRENCY, maxWaiting: config.PASSWORD_HASH_QUEUE },
    trustProxyHops: config.TRUST_PROXY_HOPS,
  };
};
export type SignInConfig = ReturnType<typeof readSignInConfig>;

/** An optional variable whose empty value means unset (compose passes `${SMTP_URL:-}` through). */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Where "Forgot password" e-mails go, who they are from, and the origin their links point at (read by main.ts and by the launcher). */
export const readMailConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { NODE_ENV, DATA_DIR } = sharedVariables;
  const config = parseEnv(
    z
      .object({
        NODE_ENV,
        DATA_DIR,
        SMTP_URL: unsetIfEmpty(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
        MAIL_FROM: unsetIfEmpty(z.string().trim().min(3, 'must be an address, e.g. Bet Tracker <no-reply@example.com>')),
        PUBLIC_URL: unsetIfEmpty(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
      })
      // The Host header is the client's to write: a deployment's links must not point wherever a request says.
      .superRefine(
        required(['PUBLIC_URL'], 'is required with SMTP_URL when NODE_ENV=production', (c) => c.NODE_ENV === 'production' && !!c.SMTP_URL),
      ),
    env,
  );
  // No SMTP server: the embedded default writes each message to a file; a production deployment does not offer the reset.
  const route: MailRoute | undefined = config.SMTP_URL
    ? { smtpUrl: config.SMTP_URL }
    : config.NODE_ENV === 'production'
      ? undefined
      : { outboxDir: join(config.DATA_DIR, 'outbox') };
  return {
    route,
    from: config.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    publicUrl: config.PUBLIC_URL === undefined ? undefined : new URL(config.PUBLIC_URL).origin,
  };
};
export type MailConfig = ReturnType<typeof readMailConfig>;

/** The sender of the product's e-mail unless MAIL_FROM says otherwise. */
const DEFAULT_MAIL_FROM = 'Bet Tracker <no-reply@localhost>';

/** Imports one process runs at once (IMPORTS_AT_ONCE; read by main.ts and by the launcher). */
export const readImportConfig = (env: NodeJS.ProcessEnv = process.env) =>
  parseEnv(z.object({ IMPORTS_AT_ONCE: count(DEFAULT_IMPORTS_AT_ONCE) }), env).IMPORTS_AT_ONCE;
