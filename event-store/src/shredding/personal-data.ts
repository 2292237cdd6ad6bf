import { bufferTime, concatMap, filter, from, type Observable } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import type { EventStore, NewEvent, RecordedEvent, StreamAppend, StreamAppends } from '../port';
import { decryptField, encryptField, isEncrypted, mapFields, SHREDDED, someField } from './cipher';
import type { DataKey, KeyStore } from './key-store';

/** The personal fields of an event type (contracts' PERSONAL_FIELDS); none for most. */
export type PersonalFields = (type: string) => readonly string[] | undefined;

/** How long an unwrapped key is kept in memory once read, and how many are kept. */
const KEY_KEPT_MS = 60_000;
const KEYS_KEPT = 10_000;

export interface PersonalDataOptions {
  keys: KeyStore;
  fields: PersonalFields;
}

/** True when a personal field of `data` is stored encrypted (plain events, written before encryption, need no key). */
const holdsEncrypted = (data: unknown, paths: readonly string[]): boolean => someField(data, paths, isEncrypted);

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
  // Unwrapped keys kept a short while: a command reads its stream before it appends, and without
  // this every write paid a key query. A destroyed key is kept for good; a key another process
  // destroys is forgotten here within KEY_KEPT_MS (the deletion removes the user's streams anyway).
  const kept = new Map<string, { key: Buffer | 'destroyed'; until: number }>();
  const keptKey = (userId: string): Buffer | 'destroyed' | undefined => {
    const entry = kept.get(userId);
    if (entry === undefined) return undefined;
    if (entry.until >= Date.now()) return entry.key;
    kept.delete(userId);
    return undefined;
  };
  const keep = (userId: string, key: Buffer | 'destroyed') => {
    if (kept.size >= KEYS_KEPT && !kept.has(userId)) kept.delete(kept.keys().next().value!);
    kept.set(userId, { key, until: key === 'destroyed' ? Infinity : Date.now() + KEY_KEPT_MS });
  };
  const keyForWriting = async (userId: string) => {
    let key = keptKey(userId);
    if (key === undefined) {
      key = await keys.keyFor(userId);
      keep(userId, key);
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
      const paths = fields(event.type);
      const userId = paths ? userOf(event.data) : undefined;
      if (userId !== undefined && !users.has(userId) && holdsEncrypted(event.data, paths!)) users.add(userId);
    }
    if (users.size === 0) return events;
    const batchKeys = new Map<string, DataKey>();
    const missing: string[] = [];
    for (const userId of users) {
      const key = keptKey(userId);
      if (key === undefined) missing.push(userId);
      else batchKeys.set(userId, key);
    }
    if (missing.length > 0)
      for (const [userId, key] of await keys.keysOf(missing)) {
        batchKeys.set(userId, key);
        if (key !== undefined) keep(userId, key);
      }
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
      keep(userId, 'destroyed');
    },
    close: () => store.close(),
  };
}
