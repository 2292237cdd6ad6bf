import { Readable } from 'node:stream';
import { EVENT_SCHEMA_VERSION, redactEventData, upcastEvent, type EventLogLine } from '@bt/contracts';
import type { EventStore, RecordedEvent } from '@bt/event-store';
import { belongsTo, readStreamChunks, STREAM_CHUNK } from '../read-streams';
import type { QueryRoute } from '../query-route';
import { userStreamIds } from '../user-streams';

/**
 * One line of the download: the event read in today's schema (contracts' upcastEvent, as every
 * reader reads it), so a download never mixes versions. Its metadata says so: schemaVersion is
 * EVENT_SCHEMA_VERSION, and storedSchemaVersion the version it is stored at when that is older.
 * The stored event itself is never rewritten (`npm run log:copy` copies the store as it is).
 */
export const toEventLogLine = (stored: RecordedEvent): EventLogLine => {
  const event = upcastEvent(stored);
  const version = Number(stored.metadata?.schemaVersion ?? 1);
  const storedVersion = Number.isFinite(version) ? version : 1; // as upcastEvent reads it
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision.toString(),
    position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
    type: event.type,
    data: redactEventData(event.data),
    metadata: {
      ...event.metadata,
      schemaVersion: EVENT_SCHEMA_VERSION,
      ...(storedVersion === EVENT_SCHEMA_VERSION ? {} : { storedSchemaVersion: storedVersion }),
    },
    recordedAt: event.recordedAt,
  };
};

/** Lines per write: large enough to be cheap, small enough for the socket to push back early. */
const LINES_PER_WRITE = 500;

/**
 * GET /api/events: the user's own events as NDJSON, written as they are read: their streams' ids
 * in chunks (`STREAM_CHUNK`), each chunk read with one `readStreams` while the previous one is
 * written, so memory stays flat however long the history is. Within a chunk, global log order (so
 * each stream's events in revision order); each line carries its global position for anyone who
 * wants log order across chunks.
 */
export function streamUserEvents(
  store: EventStore,
  userId: string,
  streamIds: AsyncIterable<string> | Iterable<string>,
  chunkSize = STREAM_CHUNK,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    for await (const events of readStreamChunks(store, streamIds, chunkSize)) {
      let text = '';
      let count = 0;
      for (const event of events) {
        if (!belongsTo(event, userId)) continue;
        text += `${JSON.stringify(toEventLogLine(event))}\n`;
        if (++count === LINES_PER_WRITE) {
          yield text;
          text = '';
          count = 0;
        }
      }
      if (text !== '') yield text;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** GET /api/events: a heavy read, streamed. */
export const eventsRoute: QueryRoute = {
  path: '/events',
  heavy: 'always',
  answer: async ({ db, store, userId }, ctx) => {
    ctx.type = 'application/x-ndjson; charset=utf-8';
    return streamUserEvents(store, userId, await userStreamIds(db, userId));
  },
};
