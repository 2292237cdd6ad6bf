import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { WrongExpectedRevision, type AppendResult, type ExpectedRevision, type NewEvent, type StreamAppend } from '../port';
import type { Row, StoreContext } from './context';

/** An event as the append statements read it from their JSON payload. */
export const eventJson = (e: NewEvent) => ({ id: e.id ?? uuidv7(), type: e.type, data: e.data ?? null, metadata: e.metadata });

/** The query of one stream's append (`StoreSql.append`'s variant for `expected`). */
export function appendQuery(ctx: StoreContext, { streamId, events, expected }: StreamAppend): pg.QueryConfig & { rowMode: 'array' } {
  const variant = typeof expected === 'bigint' ? 'revision' : expected;
  const payload = JSON.stringify(events.map(eventJson));
  return {
    name: `${ctx.schemaName}.append-${variant}`,
    text: ctx.sql.append[variant],
    values: typeof expected === 'bigint' ? [streamId, payload, expected.toString()] : [streamId, payload],
    rowMode: 'array',
  };
}

/** An append's answer from its last event's row: revision, prepare, commit. */
export const appended = ([revision, prepare, commit]: Row): AppendResult => ({
  nextRevision: BigInt(revision),
  position: { commit: BigInt(commit), prepare: BigInt(prepare) },
});

/** The revision a stream has now, for a WrongExpectedRevision's `actual`. */
export async function revisionOf(ctx: StoreContext, streamId: string): Promise<bigint | 'no_stream'> {
  const { rows } = await ctx.pool.query<Row>({ text: ctx.sql.revisionOf, values: [streamId], rowMode: 'array' });
  return rows.length ? BigInt(rows[0][0]) : 'no_stream';
}

/** One append on its own: one statement, one commit. */
async function appendAlone(ctx: StoreContext, append: StreamAppend): Promise<AppendResult> {
  const { streamId, expected } = append;
  let rows: Row[];
  try {
    ({ rows } = await ctx.pool.query<Row>(appendQuery(ctx, append)));
  } catch (e) {
    // A unique violation means another appender got there first (e.g. rows written outside this adapter).
    if ((e as { code?: string }).code === '23505') {
      throw new WrongExpectedRevision(streamId, expected, await revisionOf(ctx, streamId));
    }
    throw e;
  }
  if (rows.length === 0) throw new WrongExpectedRevision(streamId, expected, await revisionOf(ctx, streamId));
  return appended(rows[0]);
}

export interface GroupCommitLimits {
  /** Appends per batch at most. */
  maxAppendBatch: number;
  /** Batches being written at once. */
  appendBatchesInFlight: number;
}

type Waiting = StreamAppend & { resolve: (result: AppendResult) => void; reject: (error: unknown) => void };

/**
 * The store's `append`, with group commit. Every `append` joins a queue; at most
 * `appendBatchesInFlight` batches are written at once, so appends arriving while those commit wait
 * (no timer: an append on a quiet store is written at once) and go together in the next batch: one
 * statement, one commit, one WAL flush for all of them. A stream appears once per batch and in one
 * batch at a time (a second append to it waits for a later one), so each append's expected-revision
 * check sees the ones before it. A batch resolves its appends only after its commit: every answered
 * append is on disk (synchronous_commit is untouched). When the batch statement fails as a whole (an
 * event Postgres refuses, a deadlock with another process's batch, a row written outside this
 * adapter), its appends are written one by one, so only the one at fault fails.
 */
export function createGroupCommit(
  ctx: StoreContext,
  { maxAppendBatch, appendBatchesInFlight }: GroupCommitLimits,
): (streamId: string, events: NewEvent[], expected: ExpectedRevision) => Promise<AppendResult> {
  let pending: Waiting[] = [];
  let inFlight = 0;
  // Streams of the batches being written: a batch never shares a stream with another in flight, so
  // two batches never wait for each other's row locks, and appends to one stream commit in order.
  const writing = new Set<string>();

  const takeBatch = (): Waiting[] => {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const streams = new Set<string>();
    for (const waiting of pending) {
      if (batch.length < maxAppendBatch && !streams.has(waiting.streamId) && !writing.has(waiting.streamId)) {
        streams.add(waiting.streamId);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    pending = rest;
    for (const stream of streams) writing.add(stream);
    return batch;
  };

  const startBatches = () => {
    while (inFlight < appendBatchesInFlight && pending.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return; // what waits is for streams being written: after that batch
      inFlight++;
      writeBatch(ctx, batch)
        .catch(() => false) // every append of the batch is settled by writeBatch
        .then((anyAppended) => {
          inFlight--;
          for (const { streamId } of batch) writing.delete(streamId);
          if (anyAppended) ctx.notifyAppended();
          startBatches();
        });
    }
  };

  return (streamId, events, expected) => {
    if (events.length === 0) return Promise.reject(new TypeError(`append to ${streamId} needs at least one event`));
    return new Promise<AppendResult>((resolve, reject) => {
      pending.push({ streamId, events, expected, resolve, reject });
      startBatches();
    });
  };
}

/** Settles `waiting` with `result`; true when it was appended. */
const settle = (waiting: Waiting, result: Promise<AppendResult>): Promise<boolean> =>
  result.then(
    (appendResult) => {
      waiting.resolve(appendResult);
      return true;
    },
    (error: unknown) => {
      waiting.reject(error);
      return false;
    },
  );

/** Writes a batch (`StoreSql.group`) and settles each of its appends; true when any was appended. */
async function writeBatch(ctx: StoreContext, batch: Waiting[]): Promise<boolean> {
  if (batch.length === 1) return settle(batch[0], appendAlone(ctx, batch[0]));
  const payload = JSON.stringify(
    batch.map(({ streamId, events, expected }) => ({
      s: streamId,
      k: typeof expected === 'bigint' ? 'revision' : expected,
      r: typeof expected === 'bigint' ? expected.toString() : null,
      e: events.map(eventJson),
    })),
  );
  let rows: Row[];
  try {
    ({ rows } = await ctx.pool.query<Row>({
      name: `${ctx.schemaName}.append-group`,
      text: ctx.sql.group,
      values: [payload],
      rowMode: 'array',
    }));
  } catch {
    // Nothing of the batch was written: each on its own, so only the one at fault fails.
    return (await Promise.all(batch.map((waiting) => settle(waiting, appendAlone(ctx, waiting))))).includes(true);
  }
  const byStream = new Map(rows.map((row) => [row[0], row.slice(1)]));
  await Promise.all(
    batch.map((waiting) => {
      const row = byStream.get(waiting.streamId);
      if (row) return settle(waiting, Promise.resolve(appended(row)));
      // Its check failed (and only its): the revision the stream has now, as a lone append says.
      return settle(
        waiting,
        revisionOf(ctx, waiting.streamId).then((actual) =>
          Promise.reject(new WrongExpectedRevision(waiting.streamId, waiting.expected, actual)),
        ),
      );
    }),
  );
  return rows.length > 0;
}
