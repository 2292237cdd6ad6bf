import { createEsdbEventStore } from './eventstoredb/esdb-event-store';
import { eventStoreAppendDuration } from '@bt/platform';
import { WrongExpectedRevision, type EventStore } from './port';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
import { createKeyStore, parseMasterKeys } from './shredding/key-store';
import { withPersonalData, type PersonalDataStore, type PersonalFields } from './shredding/personal-data';

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
 * Where the users' data keys are and the master keys that unwrap them (DATA_KEYS_MASTER's text): what
 * a service hands its threads so that their stores read and write personal fields as its own does.
 */
export interface PersonalDataSettings {
  /** Postgres holding schema `keys` (the read models' database; the event store may be EventStoreDB). */
  databaseUrl: string;
  masterKeys: string;
}

/**
 * The event store a URL names (services read it from `EVENTSTORE_URL`). A Postgres store creates
 * its tables when missing; `postgres` options (schema, pool size) apply to it only.
 */
export async function createEventStore(url: string, postgres?: Omit<PostgresEventStoreOptions, 'connectionString'>): Promise<EventStore>;
/**
 * With `personalData`, the store every service uses: personal fields encrypted at append and
 * decrypted at read under each user's data key (DESIGN "Crypto-shredding"); `close` closes the keys' pool too.
 */
export async function createEventStore(
  url: string,
  postgres: Omit<PostgresEventStoreOptions, 'connectionString'>,
  personalData: PersonalDataSettings & { fields: PersonalFields },
): Promise<PersonalDataStore>;
export async function createEventStore(
  url: string,
  postgres: Omit<PostgresEventStoreOptions, 'connectionString'> = {},
  personalData?: PersonalDataSettings & { fields: PersonalFields },
): Promise<EventStore> {
  const master = personalData && parseMasterKeys(personalData.masterKeys); // a bad key fails before any connection
  const store =
    eventStoreKind(url) === 'postgres'
      ? await createPostgresEventStore({ ...postgres, connectionString: url })
      : await createEsdbEventStore({ connectionString: url });
  if (!personalData || !master) return timedAppends(store);
  const keys = await createKeyStore({ connectionString: personalData.databaseUrl, master }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const shredding = withPersonalData(store, { keys, fields: personalData.fields });
  const close = shredding.close;
  shredding.close = async () => {
    await close();
    await keys.close();
  };
  return timedAppends(shredding);
}

/** Observes every append's duration (`event_store_append_duration_seconds`, by outcome: ok, conflict, error). */
function timedAppends<S extends EventStore>(store: S): S {
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
