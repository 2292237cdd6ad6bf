import { createEsdbEventStore } from './eventstoredb/esdb-event-store';
import type { EventStore } from './port';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';

export type EventStoreKind = 'postgres' | 'eventstoredb';

/** Which adapter serves a URL: `postgres://`, `postgresql://` or `esdb://`, `esdb+discover://`. */
export function eventStoreKind(url: string): EventStoreKind {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1].toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'esdb' || scheme === 'esdb+discover') return 'eventstoredb';
  throw new Error(
    `EVENTSTORE_URL must start with postgres://, postgresql://, esdb:// or esdb+discover:// (got ${scheme ? `${scheme}://` : 'no scheme'})`,
  );
}

/**
 * The event store a URL names (services read it from `EVENTSTORE_URL`). A Postgres store creates
 * its tables when missing; `postgres` options (schema, pool size) apply to it only.
 */
export async function createEventStore(
  url: string,
  postgres: Omit<PostgresEventStoreOptions, 'connectionString'> = {},
): Promise<EventStore> {
  return eventStoreKind(url) === 'postgres'
    ? createPostgresEventStore({ ...postgres, connectionString: url })
    : createEsdbEventStore({ connectionString: url });
}
