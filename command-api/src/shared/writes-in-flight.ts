import type { Middleware } from 'koa';
import { currentUserId } from '@bt/platform';

/**
 * The signed-in requests each user has running in this process. An account's deletion ends the
 * sessions first (no new request gets in), then waits for these to end, so that what they wrote
 * is in the log, and in the read models' list of the user's streams, before it is erased.
 */
export interface WritesInFlight {
  /** Behind requireAuth: counts the request while it runs. */
  track: Middleware;
  /** Resolves once `userId` has no request running but `own` ones (the deletion's), or after `timeoutMs`. */
  othersEnded(userId: string, own: number, timeoutMs: number): Promise<void>;
}

const POLL_MS = 10;

export const writesInFlight = (): WritesInFlight => {
  const running = new Map<string, number>();
  return {
    track: async (ctx, next) => {
      const userId = currentUserId(ctx);
      running.set(userId, (running.get(userId) ?? 0) + 1);
      try {
        await next();
      } finally {
        const left = running.get(userId)! - 1;
        if (left === 0) running.delete(userId);
        else running.set(userId, left);
      }
    },
    async othersEnded(userId, own, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while ((running.get(userId) ?? 0) > own && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    },
  };
};
