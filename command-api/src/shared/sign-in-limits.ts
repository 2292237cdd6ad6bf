import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@bt/contracts';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '@bt/platform';

/**
 * How many sign-in and registration attempts an e-mail and a client address get per window. Far
 * above what a bettor does (a wrong password now and then, one registration), far below guessing.
 */
export interface SignInLimits {
  /**
   * Failed sign-ins per e-mail; past them even the right password is 429 until the window ends.
   * Also the wrong current passwords a password change may be sent with per account.
   */
  loginFailuresPerEmail: number;
  /** Failed sign-ins (and password changes) per client address, whatever the accounts (guessing across many). */
  loginFailuresPerAddress: number;
  /** Registration attempts per e-mail (each costs a password hash and says whether the address is taken). */
  registrationsPerEmail: number;
  /** Registration attempts per client address. */
  registrationsPerAddress: number;
  /** The window every count above is kept for (fixed, from the first attempt counted). */
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  loginFailuresPerEmail: 10,
  loginFailuresPerAddress: 100,
  registrationsPerEmail: 10,
  registrationsPerAddress: 20,
  windowSeconds: 15 * 60,
};

/** Runs sign-in and registration attempts within the limits; over a limit, 429 with Retry-After. */
export interface SignInThrottle {
  /** A failed sign-in (401) counts against the e-mail and the address; a successful one does not. */
  login<T>(email: string, address: string, attempt: () => Promise<T>): Promise<T>;
  /** Every registration attempt counts against the e-mail and the address. */
  register<T>(email: string, address: string, attempt: () => Promise<T>): Promise<T>;
  /**
   * A password change with a wrong current password (400) counts against the account and the
   * address, as a failed sign-in does: whoever holds a session (a stolen token, a shared computer)
   * cannot guess the password there either. A successful change does not count. An account's
   * deletion, which asks for the password too, counts here alike.
   */
  changePassword<T>(userId: string, address: string, attempt: () => Promise<T>): Promise<T>;
}

/** No limits: for tests of everything else (they sign up many users from 127.0.0.1). */
export const unthrottled: SignInThrottle = {
  login: (_email, _address, attempt) => attempt(),
  register: (_email, _address, attempt) => attempt(),
  changePassword: (_userId, _address, attempt) => attempt(),
};

/** Where the counters live (created by migrateCommandSchema, in rate-limiter-flexible's layout). */
export const RATE_LIMITS_TABLE = { schema: 'command', table: 'rate_limits' } as const;

type Counter = [limiter: RateLimiterPostgres, key: string];

/** Keys are digests: an e-mail (254 chars) or a forwarded address could outgrow the key column. */
export const counterKey = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Counters in Postgres (rate-limiter-flexible, in RATE_LIMITS_TABLE) so limits hold across
 * replicas, and the two ways an attempt uses them: `take` a point from each or none (429 with the
 * longest wait of those refused), and `guessed`, which keeps its points only when the attempt fails
 * as `counts` says (a wrong password, a link that could not be used). The sign-in and the
 * password-reset limits both count here.
 */
export const postgresCounters = (pool: pg.Pool, windowSeconds: number, ready: () => Promise<void>) => {
  const limiter = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      schemaName: RATE_LIMITS_TABLE.schema,
      tableName: RATE_LIMITS_TABLE.table,
      tableCreated: true,
      keyPrefix,
      points,
      duration: windowSeconds,
    });

  const giveBack = (counters: Counter[]) => Promise.all(counters.map(([l, key]) => l.reward(key, 1)));

  const take = async (counters: Counter[]): Promise<void> => {
    await ready();
    const results = await Promise.allSettled(counters.map(([l, key]) => l.consume(key, 1)));
    const refused = results.flatMap((r) => (r.status === 'rejected' && r.reason instanceof RateLimiterRes ? [r.reason] : []));
    const failed = results.find((r) => r.status === 'rejected' && !(r.reason instanceof RateLimiterRes));
    if (refused.length === 0 && !failed) return;
    await giveBack(counters.filter((_, i) => results[i].status === 'fulfilled'));
    if (failed) throw (failed as PromiseRejectedResult).reason;
    throw new TooManyRequestsError(Math.max(...refused.map((r) => r.msBeforeNext)) / 1000);
  };

  const guessed = async <T>(counters: Counter[], attempt: () => Promise<T>, counts: (error: unknown) => boolean): Promise<T> => {
    await take(counters);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      // Only a failure that counts keeps its points; a fault of ours does not use up the client's attempts.
      if (!counts(error)) await giveBack(counters).catch(() => undefined);
      throw error;
    }
    // Bookkeeping only: a client is not failed because a point could not be returned.
    await giveBack(counters).catch(() => undefined);
    return result;
  };

  return { limiter, take, guessed };
};

/**
 * The limits, counted in Postgres (rate-limiter-flexible) so they hold across replicas. An attempt
 * takes a point from each of its counters before the password is checked, so concurrent guesses
 * cannot overrun a limit; a successful sign-in gives its points back.
 */
export const postgresSignInThrottle = (pool: pg.Pool, limits: SignInLimits, ready: () => Promise<void>): SignInThrottle => {
  const { limiter, take, guessed } = postgresCounters(pool, limits.windowSeconds, ready);
  const loginByEmail = limiter('login-email', limits.loginFailuresPerEmail);
  const loginByAddress = limiter('login-address', limits.loginFailuresPerAddress);
  // Its own count per account (not the e-mail's sign-in count): a session's holder cannot lock its owner out of signing in.
  const passwordByUser = limiter('password-user', limits.loginFailuresPerEmail);
  const registerByEmail = limiter('register-email', limits.registrationsPerEmail);
  const registerByAddress = limiter('register-address', limits.registrationsPerAddress);

  return {
    login: (email, address, attempt) =>
      guessed(
        [
          [loginByEmail, counterKey(email)],
          [loginByAddress, counterKey(address)],
        ],
        attempt,
        (error) => error instanceof UnauthorizedError,
      ),
    changePassword: (userId, address, attempt) =>
      guessed(
        [
          [passwordByUser, userId],
          [loginByAddress, counterKey(address)],
        ],
        attempt,
        (error) =>
          error instanceof ValidationError &&
          (error.message === MESSAGES.currentPasswordWrong || error.message === MESSAGES.accountPasswordWrong),
      ),
    async register(email, address, attempt) {
      await take([
        [registerByEmail, counterKey(email)],
        [registerByAddress, counterKey(address)],
      ]);
      return attempt();
    },
  };
};
