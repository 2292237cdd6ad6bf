import type { Subscription } from 'rxjs';
import type { EventStore, Position, RecordedEvent } from '@bt/event-store';

export interface LiveIntakeOptions {
  store: EventStore;
  /** The position written last: the subscription starts after it. */
  after: Position;
  batchSize: number;
  batchTimeMs: number;
  batchIdleMs: number;
  stopped: () => boolean;
  /** Writes one batch; the next is given once it ends. */
  write: (batch: RecordedEvent[]) => Promise<void>;
  /** A write or the subscription failed: the caller unsubscribes and starts again. */
  fail: (error: unknown) => void;
}

/**
 * Follows the log live (`store.subscribeAll`) in batches: events gather until none has come for
 * batchIdleMs (a burst of writes is over), at most batchTimeMs from the first, then are written
 * as one batch; those arriving while a batch is being written make up the next one, written as
 * soon as it ends. (Buffering by time alone queued a batch every batchTimeMs behind a slower
 * write: lag grew with the load. Waiting the whole batchTimeMs after a burst that ended sooner
 * added that wait to every write's lag.) Unsubscribing drops the events gathered.
 */
export function followLiveInBatches(options: LiveIntakeOptions): Subscription {
  const { batchSize, batchTimeMs, batchIdleMs, stopped } = options;
  let pending: RecordedEvent[] = [];
  let busy = false;
  let gathering: NodeJS.Timeout | undefined;
  let gatheringSince = 0;
  const writeNext = () => {
    gathering = undefined;
    if (busy || stopped() || pending.length === 0) return;
    const batch = pending.length <= batchSize ? pending : pending.slice(0, batchSize);
    pending = batch === pending ? [] : pending.slice(batchSize);
    busy = true;
    options.write(batch).then(
      () => {
        busy = false;
        writeNext();
      },
      (error: unknown) => {
        busy = false;
        pending = [];
        options.fail(error);
      },
    );
  };
  const subscription = options.store.subscribeAll({ after: options.after }).subscribe({
    next(event) {
      pending.push(event);
      if (busy) return;
      const now = performance.now();
      if (gathering === undefined) gatheringSince = now;
      else clearTimeout(gathering);
      gathering = setTimeout(writeNext, Math.min(batchIdleMs || batchTimeMs, gatheringSince + batchTimeMs - now));
    },
    error: options.fail,
  });
  subscription.add(() => {
    clearTimeout(gathering);
    pending = [];
  });
  return subscription;
}
