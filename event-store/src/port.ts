import type { Observable } from 'rxjs';

/**
 * A place in the global log. Both adapters order events by (commit, prepare), compared as a pair:
 * - Postgres: commit = the appending transaction's id (xid8), prepare = the global sequence number.
 * - EventStoreDB: the commit and prepare positions of `$all`.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

/** The position before the first event (frozen: it is shared by every caller). */
export const START: Position = Object.freeze({ commit: 0n, prepare: 0n });

export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export interface EventMetadata {
  /** ISO instant at which the command was handled. */
  occurredAt: string;
  commandId: string;
  schemaVersion: number;
  [key: string]: unknown;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** UUID; generated when absent. */
  id?: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  id: string;
  streamId: string;
  /** 0-based revision of this event within its stream. */
  revision: bigint;
  position: Position;
  type: T;
  data: D;
  metadata: EventMetadata;
  /** When the store recorded it (ISO instant). */
  recordedAt: string;
}

/** One stream's part of `appendMany`. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event appended (the stream's new revision). */
  nextRevision: bigint;
  /** Position of the last event appended. */
  position: Position;
}

/** What `appendEach` appended. */
export interface AppendSummary {
  /** Streams appended to. */
  streams: number;
  /** Position of the latest event appended; undefined when the source was empty. */
  position: Position | undefined;
}

/**
 * `atomic: false` (Postgres): commit every few hundred streams rather than hold one transaction
 * open for the whole source. A Postgres reader sees only events of transactions older than the
 * oldest one still running, so one long append would hold back every subscriber (the projector, for
 * every user) until it commits. A failure after a commit then throws PartialAppend, as EventStoreDB
 * always does, for the caller to compensate. Default true: all or nothing in one transaction.
 */
export interface AppendEachOptions {
  atomic?: boolean;
}

/** The streams `appendEach` takes, pulled one at a time (a generator may compute each as it goes). */
export type StreamAppends = Iterable<StreamAppend> | AsyncIterable<StreamAppend>;

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after: Position;
  maxCount: number;
}

export interface DeleteStreamsOptions {
  /** Of the streams given, those whose names are used again later (EventStoreDB: soft delete, not a tombstone). */
  reusable?: (streamId: string) => boolean;
}

export interface SubscribeOptions {
  /** Exclusive; START for the whole log. */
  after: Position;
}

/** The event store port. Both adapters pass the same contract suite (`contract-suite.ts`). */
export interface EventStore {
  /** Appends atomically; throws WrongExpectedRevision when the stream's revision differs. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams as one write, results in the order given. Postgres: one
   * transaction, so all of it or none (a WrongExpectedRevision or any other failure leaves every
   * stream as it was). EventStoreDB has no multi-stream transactions: it appends in order and, when
   * one fails, throws PartialAppend naming what was appended, for the caller to compensate.
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /**
   * `appendMany` for more streams than should sit in memory at once (a 50,000-row import): the
   * appends are pulled from `appends` as they are written, a few hundred at a time, and only a
   * summary is kept. Same guarantees: Postgres writes all of them in one transaction or none (a
   * failure of the source itself rolls back too); EventStoreDB appends in turn and throws
   * PartialAppend when one fails after others were appended.
   */
  appendEach(appends: StreamAppends, options?: AppendEachOptions): Promise<AppendSummary>;
  /** The whole stream in revision order; [] when it does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * All events of the given streams, in global (commit, prepare) order: what `readAll` would show
   * of them now (Postgres: only events no earlier commit can still precede). Missing streams add
   * nothing; an id given twice counts once. With `after`, only their events strictly after that
   * position (an asOf replay folding on from a snapshot).
   */
  readStreams(streamIds: readonly string[], after?: Position): Promise<RecordedEvent[]>;
  /** A page of the global log in commit order, never skipping an event that commits later with a lower position. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The global log after `after` as consecutive `readAll` pages of at most `pageSize` events (the
   * adapter's default when omitted), each read while the caller handles the one before. Ends with
   * the first empty read, i.e. once caught up with what is readable then. What anything paging
   * through the log calls (rebuild, projector catch-up, log copy).
   */
  readAllPages(after: Position, pageSize?: number): AsyncIterable<RecordedEvent[]>;
  /** The global log from a position, then live, in commit order, each event once. Unsubscribe to stop. */
  subscribeAll(options: SubscribeOptions): Observable<RecordedEvent>;
  /** Position of the newest committed event (START when empty); readers reach it once it is readable. */
  headPosition(): Promise<Position>;
  /**
   * Erases streams for good (an account's deletion, the one place the log loses events: DESIGN
   * "Deleting an account"). Missing streams are no error. Postgres deletes the rows at once, and
   * each name can be appended to again from 'no_stream'. EventStoreDB tombstones each stream (a
   * hard delete: the name can never be used again) except those `reusable` names, which are
   * soft-deleted (an e-mail address's reservation, free to be taken again); either way the events
   * leave the disk at the next scavenge (README, "Deleting an account").
   */
  deleteStreams(streamIds: readonly string[], options?: DeleteStreamsOptions): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevision extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId} is at ${String(actual)}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevision';
  }
}

/** appendMany stopped half-way on a store without multi-stream transactions: what it had appended, and why it stopped. */
export class PartialAppend extends Error {
  constructor(
    readonly appended: readonly { streamId: string; result: AppendResult }[],
    override readonly cause: unknown,
  ) {
    super(`appendMany stopped after ${appended.length} streams: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'PartialAppend';
  }
}

/**
 * appendMany for a store without multi-stream transactions: one append after another; a failure
 * after the first is a PartialAppend (before it, the failure itself: nothing was appended).
 */
export async function appendInTurn(
  append: (streamId: string, events: NewEvent[], expected: ExpectedRevision) => Promise<AppendResult>,
  appends: readonly StreamAppend[],
): Promise<AppendResult[]> {
  const appended: { streamId: string; result: AppendResult }[] = [];
  for (const { streamId, events, expected } of appends) {
    try {
      appended.push({ streamId, result: await append(streamId, events, expected) });
    } catch (error) {
      if (appended.length === 0) throw error;
      throw new PartialAppend(appended, error);
    }
  }
  return appended.map((a) => a.result);
}

/**
 * appendEach for a store without multi-stream transactions: `appendInTurn` pulling from the source.
 * Only what was appended is kept (streams and results, to compensate a PartialAppend).
 */
export async function appendEachInTurn(
  append: (streamId: string, events: NewEvent[], expected: ExpectedRevision) => Promise<AppendResult>,
  appends: StreamAppends,
): Promise<AppendSummary> {
  const appended: { streamId: string; result: AppendResult }[] = [];
  let position: Position | undefined;
  try {
    for await (const { streamId, events, expected } of appends) {
      const result = await append(streamId, events, expected);
      appended.push({ streamId, result });
      position = laterOf(position, result.position);
    }
  } catch (error) {
    if (appended.length === 0) throw error;
    throw new PartialAppend(appended, error);
  }
  return { streams: appended.length, position };
}

/** The later of two positions (undefined: none yet). */
const laterOf = (a: Position | undefined, b: Position): Position => (a === undefined || comparePositions(b, a) > 0 ? b : a);

export const comparePositions = (a: Position, b: Position): number =>
  a.commit !== b.commit ? (a.commit > b.commit ? 1 : -1) : a.prepare === b.prepare ? 0 : a.prepare > b.prepare ? 1 : -1;

/**
 * Merges lists that are each in log order into one list in log order: one pass, each element
 * placed after log2(lists) comparisons (a binary heap of the lists' heads).
 */
export function mergeByPosition<E extends { position: Position }>(lists: readonly (readonly E[])[]): E[] {
  const sources = lists.filter((list) => list.length > 0);
  if (sources.length <= 1) return sources.length === 0 ? [] : [...sources[0]];
  const cursor = new Array<number>(sources.length).fill(0); // next element of each source
  const heap = sources.map((_, i) => i); // sources, the one with the least head first
  const head = (source: number) => sources[source][cursor[source]].position;
  const down = (from: number) => {
    const moving = heap[from];
    const position = head(moving);
    let i = from;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && comparePositions(head(heap[child + 1]), head(heap[child])) < 0) child++;
      if (comparePositions(head(heap[child]), position) >= 0) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = moving;
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  const out: E[] = []; // grown by push: `new Array(n)` of a large n is a slow dictionary array in V8
  while (heap.length > 1) {
    const source = heap[0];
    out.push(sources[source][cursor[source]++]);
    if (cursor[source] === sources[source].length) heap[0] = heap.pop()!;
    down(0);
  }
  const last = sources[heap[0]];
  for (let i = cursor[heap[0]]; i < last.length; i++) out.push(last[i]);
  return out;
}

/** Default page size of `readAllPages` (the bench measures 1,000 and 5,000 alike: fewer queries). */
export const DEFAULT_PAGE_SIZE = 5000;

/**
 * `readAllPages` for an adapter, from its `readAll`: each page is asked for while the caller
 * handles the one before; ends with the first empty page.
 */
export async function* pagesReadAhead(
  readPage: (after: Position, maxCount: number) => Promise<RecordedEvent[]>,
  after: Position,
  pageSize = DEFAULT_PAGE_SIZE,
): AsyncGenerator<RecordedEvent[]> {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a whole number >= 1, got ${pageSize}`);
  let next = readPage(after, pageSize);
  try {
    for (;;) {
      const page = await next;
      if (page.length === 0) return;
      next = readPage(page[page.length - 1].position, pageSize);
      next.catch(() => undefined); // awaited on the next turn, or abandoned if the caller stops
      yield page;
    }
  } finally {
    next.catch(() => undefined);
  }
}

/** Runs `task` on every item with at most `limit` runs at a time; results in the items' order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Text form used in the X-Log-Position / X-Min-Position headers and checkpoints: "commit.prepare". */
export const formatPosition = (p: Position): string => `${p.commit}.${p.prepare}`;

export const parsePosition = (text: string): Position | undefined => {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(text.trim());
  return m ? { commit: BigInt(m[1]), prepare: BigInt(m[2]) } : undefined;
};
