import type pg from 'pg';
import { START, comparePositions, mapWithConcurrency, mergeByPosition, type Position, type RecordedEvent } from '../port';
import type { Row, StoreContext } from './context';
import { copyEvents } from './copy-decoder';
import { pageSql, positionSql, readableBelowSql, streamSql, streamsSql } from './sql';

/** Stream ids per query of `readStreams` (the ids travel inside the query text). */
export const READ_STREAMS_CHUNK = 5000;

/** Events of one `SELECT ${COLUMNS} ...`, on the given connection or one from the pool. */
async function select(ctx: StoreContext, sql: string, client?: pg.ClientBase): Promise<RecordedEvent[]> {
  if (client) return copyEvents(client, sql);
  const pooled = await ctx.pool.connect();
  try {
    const events = await copyEvents(pooled, sql);
    pooled.release();
    return events;
  } catch (e) {
    pooled.release(e as Error); // not reused: it may be mid-way through the copy
    throw e;
  }
}

/** `readAll`: a page of the readable log after `after`, on `client` (a subscription's) or the pool. */
export async function readPage(ctx: StoreContext, after: Position, maxCount: number, client?: pg.ClientBase): Promise<RecordedEvent[]> {
  if (!Number.isSafeInteger(maxCount) || maxCount < 0) throw new RangeError(`maxCount must be a whole number >= 0, got ${maxCount}`);
  return select(ctx, pageSql(ctx.schema, ctx.sql.readable, after, maxCount), client);
}

const byPosition = (a: RecordedEvent, b: RecordedEvent) => comparePositions(a.position, b.position);

/**
 * One query's worth of `readStreams`. `condition` holds the readable bound. Sorted here rather than
 * by Postgres: sorting whole rows (data included) spills to disk beyond a few thousand events
 * (work_mem), and our sort overlaps the next chunk's read.
 */
const readStreamsChunk = async (ctx: StoreContext, streamIds: readonly string[], condition: string) =>
  (await select(ctx, streamsSql(ctx.schema, streamIds, condition))).sort(byPosition);

/** The store's `readStreams`: what `readAll` shows of the given streams, in chunks of READ_STREAMS_CHUNK ids. */
export async function readStreams(ctx: StoreContext, streamIds: readonly string[], after?: Position): Promise<RecordedEvent[]> {
  const ids = [...new Set(streamIds)];
  const from = after ? ` AND (commit, prepare) > ${positionSql(after)}` : '';
  if (ids.length <= READ_STREAMS_CHUNK) return ids.length === 0 ? [] : readStreamsChunk(ctx, ids, ctx.sql.readable + from);
  // One bound for every chunk, taken now: the answer is what readAll showed at one instant (a
  // bound below the current xmin is as safe: every transaction below it has ended too).
  const { rows } = await ctx.pool.query<Row>({ text: ctx.sql.horizon, rowMode: 'array' });
  const readable = readableBelowSql(BigInt(rows[0][0])) + from;
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += READ_STREAMS_CHUNK) chunks.push(ids.slice(i, i + READ_STREAMS_CHUNK));
  // Two queries at a time: Postgres reads one chunk while we decode the other.
  return mergeByPosition(await mapWithConcurrency(chunks, 2, (chunk) => readStreamsChunk(ctx, chunk, readable)));
}

/** The store's `headPosition`: the last committed event's, readable yet or not (`StoreSql.head`). */
export async function headPosition(ctx: StoreContext): Promise<Position> {
  const { rows } = await ctx.pool.query<Row>({ name: `${ctx.schemaName}.head`, text: ctx.sql.head, rowMode: 'array' });
  return rows.length ? { commit: BigInt(rows[0][0]), prepare: BigInt(rows[0][1]) } : START;
}

/** One stream read on its own. */
const readAlone = (ctx: StoreContext, streamId: string) => select(ctx, streamSql(ctx.schema, streamId));

export interface ReadGroupLimits {
  /** Reads per query at most. */
  maxGroup: number;
  /** Queries running at once. */
  inFlight: number;
}

type Reader = { streamId: string; resolve: (events: RecordedEvent[]) => void; reject: (error: unknown) => void };

/**
 * The store's `readStream`, with grouped reads, like group commit: `readStream`s asked for while
 * `inFlight` reads run wait and go together in one query (a command reads its aggregate, or the
 * user's stream, before it appends: at 32 concurrent commands that would be one round trip each).
 * Each read's query starts after it was asked for, so it sees every append acknowledged before.
 */
export function createGroupedReads(
  ctx: StoreContext,
  { maxGroup, inFlight }: ReadGroupLimits,
): (streamId: string) => Promise<RecordedEvent[]> {
  let reading: Reader[] = [];
  let readsInFlight = 0;

  const startReads = () => {
    while (readsInFlight < inFlight && reading.length > 0) {
      const group = reading.slice(0, maxGroup);
      reading = reading.slice(maxGroup);
      readsInFlight++;
      readGroup(ctx, group)
        .catch((error: unknown) => group.forEach((r) => r.reject(error)))
        .finally(() => {
          readsInFlight--;
          startReads();
        });
    }
  };

  return (streamId) =>
    new Promise<RecordedEvent[]>((resolve, reject) => {
      reading.push({ streamId, resolve, reject });
      startReads();
    });
}

async function readGroup(ctx: StoreContext, group: Reader[]): Promise<void> {
  const ids = [...new Set(group.map((r) => r.streamId))];
  if (ids.length === 1) {
    const events = readAlone(ctx, ids[0]);
    await Promise.all(group.map((r, i) => events.then((list) => r.resolve(i === 0 ? list : [...list]), r.reject)));
    return;
  }
  let events: RecordedEvent[];
  try {
    events = await select(ctx, streamsSql(ctx.schema, ids));
  } catch {
    // Each on its own (another connection), so one broken connection fails no read.
    await Promise.all(group.map((r) => readAlone(ctx, r.streamId).then(r.resolve, r.reject)));
    return;
  }
  const byStream = new Map<string, RecordedEvent[]>(ids.map((id) => [id, []]));
  for (const event of events) byStream.get(event.streamId)?.push(event);
  for (const list of byStream.values()) list.sort((a, b) => (a.revision === b.revision ? 0 : a.revision < b.revision ? -1 : 1));
  // A stream asked for twice: each caller gets its own array (of the same events, which no caller
  // changes: upcasting and folding make new objects).
  const given = new Set<string>();
  for (const r of group) {
    const list = byStream.get(r.streamId)!;
    r.resolve(given.has(r.streamId) ? [...list] : list);
    given.add(r.streamId);
  }
}
