import { createEsdbEventStore } from './eventstoredb/esdb-event-store';
import { eventStoreAppendDuration } from '@bt/platform';
import { WrongExpectedRevision, type EventStore } from './port';
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
  return timedAppends(
    eventStoreKind(url) === 'postgres'
      ? await createPostgresEventStore({ ...postgres, connectionString: url })
      : await createEsdbEventStore({ connectionString: url }),
  );
}

/** Observes every append's duration (`event_store_append_duration_seconds`, by outcome: ok, conflict, error). */
function timedAppends(store: EventStore): EventStore {
  const timed = async <T>(run: () => Promise<T>): Promise<T> => {
    const end = eventStoreAppendDuration().startTimer();
    try {
      const result = await run();
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: error instanceof WrongExpectedRevision ? 'conflict' : 'error' });
      throw error;
    }
  };
  const append = store.append.bind(store);
  const appendMany = store.appendMany.bind(store);
  store.append = (...args) => timed(() => append(...args));
  const appendEach = store.appendEach.bind(store);
  store.appendMany = (appends) => timed(() => appendMany(appends));
  store.appendEach = (appends, options) => timed(() => appendEach(appends, options));
  return store;
}
