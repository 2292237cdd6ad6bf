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

export interface AppendResult {
  /** Revision of the last event appended (the stream's new revision). */
  nextRevision: bigint;
  /** Position of the last event appended. */
  position: Position;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after: Position;
  maxCount: number;
}

export interface SubscribeOptions {
  /** Exclusive; START for the whole log. */
  after: Position;
}

/** The event store port. Both adapters pass the same contract suite (`contract-suite.ts`). */
export interface EventStore {
  /** Appends atomically; throws WrongExpectedRevision when the stream's revision differs. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The whole stream in revision order; [] when it does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** A page of the global log in commit order, never skipping an event that commits later with a lower position. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The global log from a position, then live, in commit order, each event once. Unsubscribe to stop. */
  subscribeAll(options: SubscribeOptions): Observable<RecordedEvent>;
  /** Position of the newest event readable now (START when empty). */
  headPosition(): Promise<Position>;
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

export const comparePositions = (a: Position, b: Position): number =>
  a.commit === b.commit ? Number(a.prepare - b.prepare > 0n) - Number(a.prepare - b.prepare < 0n)
    : a.commit > b.commit ? 1 : -1;

/** Text form used in the X-Log-Position / X-Min-Position headers and checkpoints: "commit.prepare". */
export const formatPosition = (p: Position): string => `${p.commit}.${p.prepare}`;

export const parsePosition = (text: string): Position | undefined => {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(text.trim());
  return m ? { commit: BigInt(m[1]), prepare: BigInt(m[2]) } : undefined;
};
