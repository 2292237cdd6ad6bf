import { createEventStore, formatPosition, type RecordedEvent } from '@bt/event-store';

export { EventLog } from '@bt/read-models/testing';

/**
 * Appends events (an EventLog's, say, with their `metadata.occurredAt` in the past) straight to a
 * running product's log, as if commands had recorded them then: the only way a browser test can
 * give a user a history that moved on (a bet settled, a goal removed) after a chosen day. A run of
 * events on one stream goes in one append. Resolves to the log position after them, to send as
 * X-Min-Position so a read waits until the projector has them.
 */
export const recordEvents = async (eventStoreUrl: string, events: readonly RecordedEvent[]): Promise<string> => {
  const store = await createEventStore(eventStoreUrl, { schema: 'eventstore', poolSize: 1, migrate: false });
  try {
    let position = '';
    for (let i = 0; i < events.length;) {
      let j = i + 1;
      while (j < events.length && events[j].streamId === events[i].streamId) j++;
      const run = events.slice(i, j).map((e) => ({ type: e.type, data: e.data, metadata: e.metadata }));
      position = formatPosition((await store.append(events[i].streamId, run, 'any')).position);
      i = j;
    }
    return position;
  } finally {
    await store.close();
  }
};
