import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@bt/contracts';
import { TooManyRequestsError, ValidationError } from '@bt/platform';
import { RATE_LIMITS_TABLE } from '../shared/sign-in-limits';

/** How many "Forgot password" e-mails an address and a client may ask for per window. */
export interface PasswordResetLimits {
  /** Links asked for per e-mail address: enough for a lost e-mail or two, not a flood of someone else's inbox. */
  perEmail: number;
  /** Links asked for, and links that could not be used, per client address. */
  perAddress: number;
  /** The window both are counted in (the sign-in limits' window). */
  windowSeconds: number;
}

export const DEFAULT_PASSWORD_RESET_LIMITS: PasswordResetLimits = { perEmail: 5, perAddress: 20, windowSeconds: 15 * 60 };

/** Runs the two requests within the limits; over one, 429 with Retry-After. */
export interface PasswordResetThrottle {
  /** Every request counts against the e-mail and the address, whether or not an account uses it. */
  request(email: string, address: string, attempt: () => Promise<void>): Promise<void>;
  /** A link that cannot be used counts against the address; a reset that worked does not. */
  reset<T>(address: string, attempt: () => Promise<T>): Promise<T>;
}

export const unthrottledResets: PasswordResetThrottle = {
  request: (_email, _address, attempt) => attempt(),
  reset: (_address, attempt) => attempt(),
};

/** Keys are digests, as the sign-in limits' are: an e-mail could outgrow the key column. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The limits, counted in Postgres beside the sign-in limits (same table, own key prefixes), so they hold across replicas. */
export const postgresResetThrottle = (pool: pg.Pool, limits: PasswordResetLimits, ready: () => Promise<void>): PasswordResetThrottle => {
  const limiter = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      schemaName: RATE_LIMITS_TABLE.schema,
      tableName: RATE_LIMITS_TABLE.table,
      tableCreated: true,
      keyPrefix,
      points,
      duration: limits.windowSeconds,
    });
  const byEmail = limiter('reset-email', limits.perEmail);
  const byAddress = limiter('reset-address', limits.perAddress);

  /** One point from each counter, or none: 429 with the longest wait of those refused. */
  const take = async (counters: [RateLimiterPostgres, string][]): Promise<void> => {
    await ready();
    const results = await Promise.allSettled(counters.map(([l, key]) => l.consume(key, 1)));
    const refused = results.flatMap((r) => (r.status === 'rejected' && r.reason instanceof RateLimiterRes ? [r.reason] : []));
    const failed = results.find((r) => r.status === 'rejected' && !(r.reason instanceof RateLimiterRes));
    if (refused.length === 0 && !failed) return;
    await Promise.all(counters.filter((_, i) => results[i].status === 'fulfilled').map(([l, key]) => l.reward(key, 1)));
    if (failed) throw (failed as PromiseRejectedResult).reason;
    throw new TooManyRequestsError(Math.max(...refused.map((r) => r.msBeforeNext)) / 1000);
  };

  return {
    async request(email, address, attempt) {
      await take([
        [byEmail, digest(email)],
        [byAddress, digest(address)],
      ]);
      await attempt();
    },
    async reset(address, attempt) {
      const key = digest(address);
      await take([[byAddress, key]]);
      try {
        const result = await attempt();
        await byAddress.reward(key, 1).catch(() => undefined);
        return result;
      } catch (error) {
        // Only a link that could not be used keeps its point; a fault of ours does not use up the client's attempts.
        if (!(error instanceof ValidationError && error.message === MESSAGES.resetLinkInvalid)) {
          await byAddress.reward(key, 1).catch(() => undefined);
        }
        throw error;
      }
    },
  };
};
