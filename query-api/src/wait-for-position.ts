import type pg from 'pg';
import { createListener } from '@bt/platform';
import { compareLogPositions, isLogPosition } from '@bt/contracts';

/** The channel the projector NOTIFYs with "<commit>.<prepare>" after each committed batch. */
export const READ_MODELS_CHANNEL = 'read_models';

export interface PositionWaiter {
  /**
   * Resolves once the read models have reached `position` ("commit.prepare"), or after `maxWaitMs`
   * whatever they hold then. True when reached.
   */
  waitFor(position: string, maxWaitMs: number): Promise<boolean>;
  /** Ends the LISTEN connection and releases every waiting request. */
  close(): Promise<void>;
}

export interface PositionWaiterOptions {
  /** A new, unconnected client for the one LISTEN connection (not a pool client: it is held for good). */
  newClient: () => pg.Client;
  /** The read models' checkpoint now ("commit.prepare"), undefined before the first batch. */
  readCheckpoint: () => Promise<string | undefined>;
  channel?: string;
}

interface Waiter {
  target: string;
  done: (reached: boolean) => void;
}

const reached = (known: string | undefined, target: string) => known !== undefined && compareLogPositions(known, target) >= 0;

/**
 * Read-your-writes for the query side. One LISTEN connection per process, opened on first need and
 * reopened after a failure; every waiting request is woken by the projector's NOTIFY, never by
 * polling. The highest position seen is remembered, so a request that is already satisfied costs
 * no query at all.
 */
export function createPositionWaiter(options: PositionWaiterOptions): PositionWaiter {
  const channel = options.channel ?? READ_MODELS_CHANNEL;
  const waiters = new Set<Waiter>();
  let known: string | undefined;
  let closed = false;

  const advance = (position: string | undefined) => {
    if (position === undefined || !isLogPosition(position)) return;
    if (!reached(known, position)) known = position.trim();
    for (const waiter of waiters) if (reached(known, waiter.target)) waiter.done(true);
  };

  const listener = createListener({
    newClient: options.newClient,
    channel,
    onPayload: advance,
  });

  return {
    async waitFor(target, maxWaitMs) {
      if (closed || reached(known, target)) return reached(known, target);
      return new Promise<boolean>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter: Waiter = {
          target,
          done: (ok) => {
            if (!waiters.delete(waiter)) return;
            clearTimeout(timer);
            resolve(ok);
          },
        };
        waiters.add(waiter);
        timer = setTimeout(() => waiter.done(false), maxWaitMs);
        // Listen first, then read: a batch committed in between is seen by one or the other.
        listener
          .ready()
          .catch(() => undefined) // without LISTEN, the checkpoint read below and the deadline still bound the wait
          .then(() => options.readCheckpoint())
          .then(advance, () => undefined);
      });
    },

    async close() {
      closed = true;
      for (const waiter of waiters) waiter.done(reached(known, waiter.target));
      await listener.close();
    },
  };
}
