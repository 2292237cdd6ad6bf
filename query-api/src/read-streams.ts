import type { EventStore, Position, RecordedEvent } from '@bt/event-store';

/**
 * Stream ids per `readStreams` call when a caller writes as it reads (the NDJSON download): what one
 * chunk holds in memory is the events of this many streams (a bet stream has two or three).
 */
export const STREAM_CHUNK = 2000;

/** The ids in arrays of at most `size`, in the order they come. */
export async function* chunksOf(ids: AsyncIterable<string> | Iterable<string>, size: number): AsyncGenerator<string[]> {
  let chunk: string[] = [];
  for await (const id of ids) {
    chunk.push(id);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * The streams' events, one `readStreams` call per chunk of ids: each chunk's events in global log
 * order (so each stream's in revision order). The next chunk is read while the caller handles this
 * one, never more, so memory stays at two chunks however many streams there are.
 */
export async function* readStreamChunks(
  store: EventStore,
  streamIds: AsyncIterable<string> | Iterable<string>,
  chunkSize = STREAM_CHUNK,
): AsyncGenerator<RecordedEvent[]> {
  const chunks = chunksOf(streamIds, chunkSize);
  const read = async (): Promise<RecordedEvent[] | undefined> => {
    const next = await chunks.next();
    return next.done ? undefined : store.readStreams(next.value);
  };
  let ahead = read();
  try {
    for (;;) {
      const events = await ahead;
      if (events === undefined) return;
      ahead = read();
      ahead.catch(() => undefined); // awaited on the next turn, or dropped if the caller stops
      yield events;
    }
  } finally {
    ahead.catch(() => undefined);
    // A caller that stops early also stops the ids' source (after any read of it in progress).
    chunks.return(undefined).catch(() => undefined);
  }
}

/**
 * A user's events from their streams (after a position, when given), in global log order. Only events whose data names the user:
 * a shared stream (an e-mail reservation released and taken by someone else) never leaks.
 */
export async function readUserEvents(
  store: EventStore,
  userId: string,
  streamIds: AsyncIterable<string> | Iterable<string>,
  after?: Position,
): Promise<RecordedEvent[]> {
  const ids: string[] = [];
  for await (const id of streamIds) ids.push(id);
  // One call: the store reads the ids in large chunks, two at a time, and merges them into log
  // order (Postgres: all as of one instant). `after`: only the events after a snapshot's position.
  return (await store.readStreams(ids, after)).filter((event) => belongsTo(event, userId));
}

export const belongsTo = (event: RecordedEvent, userId: string): boolean => (event.data as { userId?: unknown } | null)?.userId === userId;
