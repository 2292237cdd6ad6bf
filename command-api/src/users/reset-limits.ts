import type pg from 'pg';
import { MESSAGES } from '@bt/contracts';
import { ValidationError } from '@bt/platform';
import { counterKey, postgresCounters } from '../shared/sign-in-limits';

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

/** The limits, counted in Postgres beside the sign-in limits (same table, own key prefixes), so they hold across replicas. */
export const postgresResetThrottle = (pool: pg.Pool, limits: PasswordResetLimits, ready: () => Promise<void>): PasswordResetThrottle => {
  const { limiter, take, guessed } = postgresCounters(pool, limits.windowSeconds, ready);
  const byEmail = limiter('reset-email', limits.perEmail);
  const byAddress = limiter('reset-address', limits.perAddress);
  return {
    async request(email, address, attempt) {
      await take([
        [byEmail, counterKey(email)],
        [byAddress, counterKey(address)],
      ]);
      await attempt();
    },
    // Only a link that could not be used keeps its point.
    reset: (address, attempt) =>
      guessed(
        [[byAddress, counterKey(address)]],
        attempt,
        (error) => error instanceof ValidationError && error.message === MESSAGES.resetLinkInvalid,
      ),
  };
};
