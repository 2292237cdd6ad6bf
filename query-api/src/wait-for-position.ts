import type pg from 'pg';
import { createListener } from '@bt/platform';
import { compareLogPositions, isLogPosition } from '@bt/contracts';
import { parsePositionPayload, partitionOf } from '@bt/read-models';

/** The channel the projector NOTIFYs with "<commit>.<prepare>" after each committed batch. */
export const READ_MODELS_CHANNEL = 'read_models';

export interface PositionWaiter {
  /**
   * Resolves once the read models have reached `position` ("commit.prepare"), or after `maxWaitMs`
   * whatever they hold then. True when reached. With projector partitions, the read models of
   * `userId`: the checkpoint of the partition that owns them.
   */
  waitFor(position: string, maxWaitMs: number, userId?: string): Promise<boolean>;
  /** Ends the LISTEN connection and releases every waiting request. */
  close(): Promise<void>;
}

export interface PositionWaiterOptions {
  /** A new, unconnected client for the one LISTEN connection (not a pool client: it is held for good). */
  newClient: () => pg.Client;
  /** The read models' checkpoint now ("commit.prepare"), undefined before the first batch. */
  readCheckpoint: () => Promise<string | undefined>;
  channel?: string;
  /** PROJECTOR_PARTITIONS; default 1 (one checkpoint, `readCheckpoint`'s). */
  partitions?: number;
  /** With partitions: every partition's checkpoint now, by index. */
  readCheckpoints?: () => Promise<(string | undefined)[]>;
}

interface Waiter {
  target: string;
  partition: number;
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
  const partitions = options.partitions ?? 1;
  const waiters = new Set<Waiter>();
  /** The highest position seen, by partition. */
  const known: (string | undefined)[] = new Array(partitions).fill(undefined);
  let closed = false;

  const advance = (position: string | undefined, partition = 0) => {
    if (position === undefined || !isLogPosition(position)) return;
    if (!reached(known[partition], position)) known[partition] = position.trim();
    for (const waiter of waiters) if (waiter.partition === partition && reached(known[partition], waiter.target)) waiter.done(true);
  };

  /** A NOTIFY: the position alone (one projector), or "i/N@position" from partition i of N. */
  const notified = (payload: string | undefined) => {
    const parsed = payload === undefined ? undefined : parsePositionPayload(payload);
    if (parsed && parsed.partition.count === partitions) advance(parsed.position, parsed.partition.index);
  };

  const readNow = async () => {
    if (partitions === 1 || !options.readCheckpoints) advance(await options.readCheckpoint());
    else for (const [i, position] of (await options.readCheckpoints()).entries()) advance(position, i);
  };

  const listener = createListener({
    newClient: options.newClient,
    channel,
    onPayload: notified,
  });

  return {
    async waitFor(target, maxWaitMs, userId) {
      const partition = userId === undefined ? 0 : partitionOf(userId, partitions);
      if (closed || reached(known[partition], target)) return reached(known[partition], target);
      return new Promise<boolean>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter: Waiter = {
          target,
          partition,
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
          .then(readNow)
          .catch(() => undefined);
      });
    },

    async close() {
      closed = true;
      for (const waiter of waiters) waiter.done(reached(known[waiter.partition], waiter.target));
      await listener.close();
    },
  };
}
