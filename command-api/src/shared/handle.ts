import { IMPORT_METADATA_KEY, MESSAGES, upcastEvent, type DomainEvent } from '@bt/contracts';
import { WrongExpectedRevision, type EventMetadata, type EventStore, type Position, type RecordedEvent } from '@bt/event-store';
import { ConflictError, HttpError, NotFoundError } from '@bt/platform';
import { fold, type Aggregate, type Recorded } from './command';
import { countsIn, readImportLog } from './import-log';

export interface HandleOptions {
  /** Metadata of every event appended (occurredAt, commandId, schemaVersion, idempotencyKey). */
  metadata: EventMetadata;
  /** The command starts a new stream: append with 'no_stream', without reading first. */
  create?: boolean;
  /**
   * The decision does not depend on the stream (deposits commute): decide on the initial state and
   * append with 'any', without reading. The returned state is then only that of the new events.
   */
  blind?: boolean;
  /**
   * The version (stream revision) the client last saw, from If-Match: anything else is a 409, once
   * `decide` has had its say (its 404 for another user's or a missing stream comes first).
   */
  expectedVersion?: bigint;
  /**
   * A retry of a request whose first attempt may have appended before it could record its answer:
   * events carrying this request's Idempotency-Key are answered again instead of appended twice.
   */
  recovering?: boolean;
  /** The stream as the caller already read it (with `load`): the handler does not read it again. */
  loaded?: Loaded<unknown>;
}

export interface Loaded<S> {
  state: S;
  recorded: readonly RecordedEvent[];
  /** The revision of the last event that counts (undefined: none does); an uncommitted import's do not. */
  counted?: bigint;
}

export interface Handled<S, E extends DomainEvent> {
  /** The aggregate after the command. */
  state: S;
  /** The events this command appended (or, when replayed, had appended on its first attempt). */
  events: E[];
  /** The stream's revision after the command; undefined only for a stream that still does not exist. */
  version: bigint | undefined;
  /** Log position of the stream's last event after the command (X-Log-Position). */
  position: Position | undefined;
  /** True when the events were found from an earlier attempt of the same request. */
  replayed: boolean;
}

/** A stored event as `evolve` folds it (read in today's schema). */
export const asRecorded = <E extends DomainEvent>(stored: RecordedEvent): Recorded<E> => {
  const e = upcastEvent(stored);
  return { type: e.type, data: e.data, occurredAt: e.metadata.occurredAt } as unknown as Recorded<E>;
};

const withKey = (events: readonly RecordedEvent[], key: unknown) =>
  key === undefined ? [] : events.filter((e) => e.metadata.idempotencyKey === key);

/**
 * Reads a stream and folds what counts of it: the aggregate's current state (and the events, for
 * `handle`'s `loaded`). An event appended by an import counts once the import committed (DESIGN
 * "Imports"), as the read models count it: a bet of an abandoned import is not there.
 */
export async function load<S, E extends DomainEvent>(store: EventStore, streamId: string, aggregate: Aggregate<S, E>): Promise<Loaded<S>> {
  const recorded = await store.readStream(streamId);
  const counting = await countedEvents(store, recorded);
  return { state: fold(aggregate, counting.map(asRecorded<E>)), recorded, counted: counting.at(-1)?.revision };
}

/** The events of a stream that count: those of imports not committed are left out (one read of the user's imports, only if any). */
export async function countedEvents(store: EventStore, recorded: readonly RecordedEvent[]): Promise<readonly RecordedEvent[]> {
  const imported = recorded.filter((e) => typeof e.metadata[IMPORT_METADATA_KEY] === 'string');
  if (imported.length === 0) return recorded;
  const committed = new Set<string>();
  const users = new Set(imported.map((e) => (e.data as { userId?: unknown }).userId).filter((id) => typeof id === 'string'));
  for (const userId of users) for (const id of (await readImportLog(store, userId)).committed) committed.add(id);
  return recorded.filter(countsIn(committed));
}

/**
 * The command handler: load the aggregate by folding its stream, decide, append with the loaded
 * revision as the expected one (so a concurrent writer is a 409, never a lost update).
 * A new stream is not read: it is appended with 'no_stream'.
 */
export async function handle<S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E>,
  decide: (state: S) => E[],
  options: HandleOptions,
): Promise<Handled<S, E>> {
  const key = options.metadata.idempotencyKey;
  if ((options.create || options.blind) && !options.recovering) {
    const initial = aggregate.initialState();
    try {
      return await appendAndFold(
        store,
        streamId,
        aggregate,
        initial,
        decide(initial),
        options.create ? 'no_stream' : 'any',
        options.metadata,
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      // Ids derived from an Idempotency-Key: the stream exists because this very request ran before
      // (or another request under the same key, when the first event's fingerprint says so).
      const recorded = await store.readStream(streamId);
      const replay = replayOf(recorded, aggregate, key, options.create);
      if (!replay) throw new ConflictError();
      const fingerprint = recorded[0]?.metadata.requestFingerprint;
      if (fingerprint !== undefined && fingerprint !== options.metadata.requestFingerprint) {
        throw new HttpError(422, MESSAGES.idempotencyKeyReused);
      }
      return replay;
    }
  }

  if (!options.loaded) options = { ...options, loaded: await load(store, streamId, aggregate) };
  const { recorded, state } = options.loaded as Loaded<S>;
  if (options.recovering) {
    const replay = replayOf(recorded, aggregate, key, options.create);
    if (replay) return replay;
  }
  const last = recorded.at(-1);
  // The version the client saw is the last event that counts (an abandoned import's after it are not shown).
  const loaded = options.loaded as Loaded<S> | undefined;
  const shown = loaded && 'counted' in loaded ? loaded.counted : last?.revision;
  if (options.expectedVersion !== undefined && options.expectedVersion !== last?.revision && options.expectedVersion !== shown) {
    // A stale version of what the caller may not see (another user's, or nothing) is a 404 like
    // any other request for it: a 409 would tell a stranger the id exists, and its version.
    try {
      decide(state);
    } catch (error) {
      if (error instanceof NotFoundError) throw error;
    }
    throw new ConflictError();
  }
  const events = decide(state);
  if (events.length === 0) {
    return { state, events, version: last?.revision, position: last?.position, replayed: false };
  }
  return appendAndFold(store, streamId, aggregate, state, events, last?.revision ?? 'no_stream', options.metadata);
}

async function appendAndFold<S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E>,
  state: S,
  events: E[],
  expected: bigint | 'no_stream' | 'any',
  metadata: EventMetadata,
): Promise<Handled<S, E>> {
  if (events.length === 0) return { state, events, version: undefined, position: undefined, replayed: false };
  let result;
  try {
    result = await store.append(
      streamId,
      events.map((e) => ({ type: e.type, data: e.data, metadata })),
      expected,
    );
  } catch (error) {
    // Someone appended since we read: deciding again on stale state could lose their change.
    if (error instanceof WrongExpectedRevision && typeof expected === 'bigint') throw new ConflictError();
    throw error;
  }
  const next = fold(
    aggregate,
    events.map((e) => ({ ...e, occurredAt: metadata.occurredAt }) as Recorded<E>),
    state,
  );
  return { state: next, events, version: result.nextRevision, position: result.position, replayed: false };
}

/**
 * The answer of an earlier attempt of this request, when the stream holds its events: for a new
 * stream, its first event must carry the key; otherwise any event may.
 */
function replayOf<S, E extends DomainEvent>(
  recorded: readonly RecordedEvent[],
  aggregate: Aggregate<S, E>,
  key: unknown,
  created: boolean | undefined,
): Handled<S, E> | undefined {
  const mine = withKey(created ? recorded.slice(0, 1) : recorded, key);
  if (mine.length === 0) return undefined;
  const ours = created ? withKey(recorded, key) : mine;
  const last = recorded.at(-1)!;
  return {
    state: fold(aggregate, recorded.map(asRecorded<E>)),
    events: ours.map((e) => ({ type: e.type, data: e.data }) as E),
    version: last.revision,
    position: last.position,
    replayed: true,
  };
}
