import type pg from 'pg';
import { PartialAppend, WrongExpectedRevision, type AppendResult, type StreamAppend, type StreamAppends } from '../port';
import { appended, appendQuery, eventJson, revisionOf } from './append';
import type { Row, StoreContext } from './context';

/** Streams per statement when appendMany creates new streams. */
const NEW_STREAMS_PER_STATEMENT = 500;

/**
 * Appends to streams that must not exist yet, in one statement (`StoreSql.newStreams`), inside the
 * caller's transaction: the results in the order given; a WrongExpectedRevision for the first
 * stream that exists (or is given twice). The statement fails as a whole, so the caller rolls back.
 */
async function appendNewStreams(ctx: StoreContext, client: pg.ClientBase, batch: readonly StreamAppend[]): Promise<AppendResult[]> {
  const payload = JSON.stringify(batch.map(({ streamId, events }) => ({ streamId, events: events.map(eventJson) })));
  let rows: Row[];
  try {
    ({ rows } = await client.query<Row>({
      name: `${ctx.schemaName}.append-new-streams`,
      text: ctx.sql.newStreams,
      values: [payload],
      rowMode: 'array',
    }));
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new WrongExpectedRevision(batch[0].streamId, 'no_stream', 'no_stream');
    throw e;
  }
  const byStream = new Map(rows.map((row) => [row[0], row.slice(1)]));
  return batch.map(({ streamId }) => {
    const row = byStream.get(streamId);
    if (!row) throw new WrongExpectedRevision(streamId, 'no_stream', 'no_stream');
    return appended(row);
  });
}

/**
 * One stream's append inside the caller's transaction (`StoreSql.append`'s statement). Its
 * WrongExpectedRevision says 'no_stream' for now: the actual revision is read after the rollback.
 */
async function appendOne(ctx: StoreContext, client: pg.ClientBase, append: StreamAppend): Promise<AppendResult> {
  const { streamId, expected } = append;
  let rows: Row[];
  try {
    ({ rows } = await client.query<Row>(appendQuery(ctx, append)));
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new WrongExpectedRevision(streamId, expected, 'no_stream');
    throw e;
  }
  if (rows.length === 0) throw new WrongExpectedRevision(streamId, expected, 'no_stream');
  return appended(rows[0]);
}

/**
 * appendMany and appendEach: the appends pulled from `source` one at a time and written in one
 * transaction, all of them or none (a failure of the source rolls back too). New streams go many
 * to a statement (a 20,000-row import is a few dozen statements, not 20,000 round trips), so at
 * most NEW_STREAMS_PER_STATEMENT appends are held at once; the others one by one, as `append`.
 * `each` is told every result, in the order given.
 *
 * Not `atomic` (AppendEachOptions): a commit whenever NEW_STREAMS_PER_STATEMENT or more results
 * are held, and a failure after one throws a PartialAppend naming what was committed.
 */
export async function appendInTransaction(
  ctx: StoreContext,
  source: StreamAppends,
  each: (streamId: string, result: AppendResult) => void,
  atomic = true,
): Promise<void> {
  const client = await ctx.pool.connect();
  let failed: unknown;
  let anyAppended = false;
  // Not atomic: what earlier transactions committed (for a PartialAppend), and what this one holds.
  const committed: { streamId: string; result: AppendResult }[] = [];
  let open: { streamId: string; result: AppendResult }[] = [];
  const note = (streamId: string, result: AppendResult) => (atomic ? each(streamId, result) : open.push({ streamId, result }));
  const commitChunk = async () => {
    if (atomic || open.length === 0) return;
    await client.query('COMMIT');
    for (const { streamId, result } of open) each(streamId, result);
    committed.push(...open);
    open = [];
    ctx.notifyAppended();
    await client.query('BEGIN');
  };
  try {
    await client.query('BEGIN');
    let batch: StreamAppend[] = [];
    const flush = async () => {
      const pending = batch;
      batch = [];
      if (pending.length === 1) note(pending[0].streamId, await appendOne(ctx, client, pending[0]));
      else if (pending.length > 1) {
        const results = await appendNewStreams(ctx, client, pending);
        for (const [i, result] of results.entries()) note(pending[i].streamId, result);
      }
      if (open.length >= NEW_STREAMS_PER_STATEMENT) await commitChunk();
    };
    for await (const append of source) {
      if (append.events.length === 0) throw new TypeError(`append to ${append.streamId} needs at least one event`);
      anyAppended = true;
      if (append.expected === 'no_stream') {
        batch.push(append);
        if (batch.length >= NEW_STREAMS_PER_STATEMENT) await flush();
        continue;
      }
      await flush();
      note(append.streamId, await appendOne(ctx, client, append));
    }
    await flush();
    await client.query('COMMIT');
    for (const { streamId, result } of open) each(streamId, result);
  } catch (e) {
    failed = e;
    await client.query('ROLLBACK').catch(() => undefined);
  } finally {
    client.release();
  }
  if (failed instanceof WrongExpectedRevision) {
    // Read after the rollback, like `append` does: the revision the stream has now.
    failed = new WrongExpectedRevision(failed.streamId, failed.expected, await revisionOf(ctx, failed.streamId));
  }
  if (failed !== undefined) {
    if (committed.length > 0) throw new PartialAppend(committed, failed);
    throw failed;
  }
  if (anyAppended) ctx.notifyAppended();
}
