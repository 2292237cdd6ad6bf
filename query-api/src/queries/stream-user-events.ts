import { Readable } from 'node:stream';
import { redactEventData, type EventLogLine } from '@bt/contracts';
import type { EventStore, RecordedEvent } from '@bt/event-store/port';
import { belongsTo, readStreams } from '../read-streams';

export const toEventLogLine = (event: RecordedEvent): EventLogLine => ({
  id: event.id,
  streamId: event.streamId,
  revision: event.revision.toString(),
  position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
  type: event.type,
  data: redactEventData(event.data),
  metadata: { ...event.metadata },
  recordedAt: event.recordedAt,
});

/**
 * GET /api/events: the user's own events as NDJSON, written stream by stream as they are read
 * (a few streams read ahead), so memory stays flat however long the history is. Within a stream,
 * revision order; each line carries its global position for anyone who wants log order.
 */
export function streamUserEvents(
  store: EventStore,
  userId: string,
  streamIds: AsyncIterable<string> | Iterable<string>,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    for await (const stream of readStreams(store, streamIds)) {
      let chunk = '';
      for (const event of stream) {
        if (belongsTo(event, userId)) chunk += `${JSON.stringify(toEventLogLine(event))}\n`;
      }
      if (chunk !== '') yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
