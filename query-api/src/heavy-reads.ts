import type { Context, Middleware } from 'koa';
import { E_TIMEOUT, Semaphore, withTimeout } from 'async-mutex';
import onFinished from 'on-finished';
import { MESSAGES } from '@bt/contracts';
import { currentUserId, RetryLaterError } from '@bt/platform';

/**
 * How many heavy reads (asOf replays, the NDJSON download, the CSV export) run at once in this
 * process: each reads and folds a user's whole history, so a few of them at once would take the
 * CPU from everyone's small reads.
 */
export interface HeavyReadLimits {
  /** Running at once for one user; more wait their turn. */
  perUser: number;
  /** Running at once for everyone together; more wait their turn. */
  total: number;
  /** Longest wait for a turn; then 429 with Retry-After. */
  maxWaitMs: number;
}

/**
 * One at a time per user (the stats and streaks replays of one screen take turns), two at a time in
 * all (the machine keeps its other cores for everyone else), and a wait of up to 10 s.
 */
export const DEFAULT_HEAVY_READ_LIMITS: HeavyReadLimits = { perUser: 1, total: 2, maxWaitMs: 10_000 };

/** What a refused heavy read is told to wait. */
export const HEAVY_READ_RETRY_AFTER_SECONDS = 5;

/**
 * Middleware (after auth) that holds a turn from before the read until its answer has been sent
 * (a streamed body holds it to its end, or until the client goes away). Turns are per process:
 * what they protect is this process's CPU and memory. `holderOf` names whose turns a request takes:
 * the signed-in user's, or for a public read (the transparency log's) the client address's.
 */
export const limitHeavyReads = (limits: HeavyReadLimits, keyOf: (ctx: Context) => string = currentUserId): Middleware => {
  const total = new Semaphore(limits.total);
  /** Each user's turns, kept while any request of the user holds or waits for one. */
  const users = new Map<string, { semaphore: Semaphore; requests: number }>();

  const turn = async (semaphore: Semaphore, deadline: number): Promise<() => void> => {
    try {
      const [, release] = await withTimeout(semaphore, Math.max(0, deadline - Date.now())).acquire();
      return release;
    } catch (error) {
      if (error === E_TIMEOUT) throw new RetryLaterError(429, HEAVY_READ_RETRY_AFTER_SECONDS, MESSAGES.tooManyHeavyReads);
      throw error;
    }
  };

  return async (ctx, next) => {
    const userId = keyOf(ctx);
    const deadline = Date.now() + limits.maxWaitMs;
    let user = users.get(userId);
    if (!user) users.set(userId, (user = { semaphore: new Semaphore(limits.perUser), requests: 0 }));
    user.requests += 1;
    const releases: (() => void)[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const release of releases.reverse()) release();
      if (--user.requests === 0) users.delete(userId);
    };
    try {
      releases.push(await turn(user.semaphore, deadline));
      releases.push(await turn(total, deadline));
    } catch (error) {
      finish();
      throw error;
    }
    // Once the answer is sent (a streamed body to its end) or the client is gone, even before now.
    onFinished(ctx.res, finish);
    await next();
  };
};
