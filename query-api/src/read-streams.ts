import { comparePositions, type EventStore, type RecordedEvent } from '@bt/event-store/port';

/** How many streams are read from the event store at once for one request. */
export const STREAM_READ_CONCURRENCY = 8;

/**
 * Reads streams with at most `concurrency` reads in flight, yielding each stream's events in the
 * order the ids come, so a caller can write one while the next ones load.
 */
export async function* readStreams(
  store: EventStore,
  streamIds: AsyncIterable<string> | Iterable<string>,
  concurrency = STREAM_READ_CONCURRENCY,
): AsyncGenerator<RecordedEvent[]> {
  const inFlight: Promise<RecordedEvent[]>[] = [];
  try {
    for await (const streamId of streamIds) {
      const read = store.readStream(streamId);
      read.catch(() => undefined); // awaited below; never an unhandled rejection if we stop early
      inFlight.push(read);
      if (inFlight.length >= concurrency) yield await inFlight.shift()!;
    }
    while (inFlight.length > 0) yield await inFlight.shift()!;
  } finally {
    inFlight.length = 0;
  }
}

/**
 * A user's events from their streams, in global log order. Only events whose data names the user:
 * a shared stream (an e-mail reservation released and taken by someone else) never leaks.
 */
export async function readUserEvents(
  store: EventStore,
  userId: string,
  streamIds: AsyncIterable<string> | Iterable<string>,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const stream of readStreams(store, streamIds)) {
    for (const event of stream) if (belongsTo(event, userId)) events.push(event);
  }
  return events.sort((a, b) => comparePositions(a.position, b.position));
}

export const belongsTo = (event: RecordedEvent, userId: string): boolean =>
  (event.data as { userId?: unknown } | null)?.userId === userId;
