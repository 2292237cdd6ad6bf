import { bufferTime, concatMap, filter, from, type Observable } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import type { EventStore, NewEvent, RecordedEvent, StreamAppend, StreamAppends } from '../port';
import { decryptField, encryptField, isEncrypted, mapFields, SHREDDED } from './cipher';
import type { DataKey, KeyStore } from './key-store';

/** The personal fields of an event type (contracts' PERSONAL_FIELDS); none for most. */
export type PersonalFields = (type: string) => readonly string[] | undefined;

export interface PersonalDataOptions {
  keys: KeyStore;
  fields: PersonalFields;
}

const userOf = (data: unknown): string | undefined => {
  const userId = (data as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' ? userId : undefined;
};

/**
 * Crypto-shredding around an event store (DESIGN "Crypto-shredding"): every personal field is
 * encrypted at append under its user's data key and decrypted at read, so everything above (the
 * commands, the projector, replays, log:copy) sees plain events. A read fetches and unwraps the
 * keys of a batch's users once (one query), not once per field. A field whose key is destroyed
 * reads "[deleted]"; a plain field (written before encryption) reads as it is. Appending for a user
 * whose key is destroyed stores "[deleted]" (a copy of an old log never brings a field back).
 */
export interface PersonalDataStore extends EventStore {
  /** Destroys the user's data key (the account's deletion): their personal fields read "[deleted]" in every copy of the log. */
  destroyKey(userId: string): Promise<void>;
}

export function withPersonalData(store: EventStore, { keys, fields }: PersonalDataOptions): PersonalDataStore {
  const writeKeys = new Map<string, Buffer | 'destroyed'>();
  const keyForWriting = async (userId: string) => {
    let key = writeKeys.get(userId);
    if (key === undefined) {
      key = await keys.keyFor(userId);
      if (writeKeys.size >= 10_000) writeKeys.delete(writeKeys.keys().next().value!);
      writeKeys.set(userId, key);
    }
    return key;
  };

  const encrypt = async (events: NewEvent[]): Promise<NewEvent[]> => {
    const out: NewEvent[] = [];
    for (const event of events) {
      const paths = fields(event.type);
      const userId = userOf(event.data);
      if (!paths || userId === undefined) {
        out.push(event);
        continue;
      }
      const id = event.id ?? uuidv7();
      const key = await keyForWriting(userId);
      const data = mapFields(event.data, paths, (value, path) =>
        key === 'destroyed' || isEncrypted(value) ? (isEncrypted(value) ? value : SHREDDED) : encryptField(key, value, id, path, userId),
      );
      out.push({ ...event, id, data });
    }
    return out;
  };

  const encryptAll = async (appends: readonly StreamAppend[]) =>
    Promise.all(appends.map(async (a) => ({ ...a, events: await encrypt(a.events) })));

  async function* encryptEach(appends: StreamAppends): AsyncGenerator<StreamAppend> {
    for await (const a of appends) yield { ...a, events: await encrypt(a.events) };
  }

  const decrypt = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    const users = new Set<string>();
    for (const event of events) {
      const userId = fields(event.type) ? userOf(event.data) : undefined;
      if (userId !== undefined) users.add(userId);
    }
    if (users.size === 0) return events;
    const batchKeys: Map<string, DataKey> = await keys.keysOf([...users]);
    return events.map((event) => {
      const paths = fields(event.type);
      const userId = userOf(event.data);
      if (!paths || userId === undefined) return event;
      const key = batchKeys.get(userId);
      const data = mapFields(event.data, paths, (value, path) => {
        if (!isEncrypted(value)) return value;
        return key === undefined || key === 'destroyed' ? SHREDDED : decryptField(key, value, event.id, path, userId);
      });
      return data === event.data ? event : { ...event, data };
    });
  };

  return {
    append: async (streamId, events, expected) => store.append(streamId, await encrypt(events), expected),
    appendMany: async (appends) => store.appendMany(await encryptAll(appends)),
    appendEach: (appends, options) => store.appendEach(encryptEach(appends), options),
    readStream: async (streamId) => decrypt(await store.readStream(streamId)),
    readStreams: async (streamIds, after) => decrypt(await store.readStreams(streamIds, after)),
    readAll: async (options) => decrypt(await store.readAll(options)),
    async *readAllPages(after, pageSize) {
      for await (const page of store.readAllPages(after, pageSize)) yield await decrypt(page);
    },
    // Gathered a few milliseconds at a time, so a burst's keys are read once.
    subscribeAll: (options): Observable<RecordedEvent> =>
      store.subscribeAll(options).pipe(
        bufferTime(5, null, 1000),
        filter((batch) => batch.length > 0),
        concatMap((batch) => from(decrypt(batch))),
        concatMap((batch) => from(batch)),
      ),
    headPosition: () => store.headPosition(),
    deleteStreams: (streamIds, options) => store.deleteStreams(streamIds, options),
    async destroyKey(userId) {
      await keys.destroy(userId);
      writeKeys.set(userId, 'destroyed');
    },
    close: () => store.close(),
  };
}
