import { createEventStore } from '@bt/event-store/create-event-store';
import type { EventStore } from '@bt/event-store/port';

/** The event store at `url`: the Postgres adapter (schema `eventstore`) or, for esdb://, EventStoreDB. */
export async function openEventStore(url: string): Promise<EventStore> {
  return createEventStore(url, { schema: 'eventstore' });
}
