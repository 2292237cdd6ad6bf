import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Observable } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import { migrateSchema, type SchemaMigration } from '@bt/platform';
import {
  PartialAppend,
  WrongExpectedRevision,
  type AppendEachOptions,
  type AppendResult,
  type AppendSummary,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type StreamAppends,
  type SubscribeOptions,
  START,
  comparePositions,
  mapWithConcurrency,
  mergeByPosition,
  pagesReadAhead,
} from '../port';
import * as eventLog001 from './migrations/2026-11-23-001-event-log';
import * as readableHorizon002 from './migrations/2026-11-28-002-readable-horizon';

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** Schema holding the store's tables; default `eventstore`. */
  schema?: string;
  /** Connections in the pool used by append, reads and headPosition; default 10. */
  poolSize?: number;
  /** Create the schema and tables on create (idempotent); default true. */
  migrate?: boolean;
  /**
   * Live subscriptions re-read at least this often (ms) without a notification; default 500.
   * Needed because an unrelated open transaction can hold the xmin horizon back: the events it
   * hides become readable when it ends, and nothing notifies then.
   */
  pollIntervalMs?: number;
  /** Events per read while a subscription catches up; default 1000. */
  subscriptionPageSize?: number;
  /**
   * Group commit (see `groupSql`): `append`s are written in batches of at most this many, each
   * batch one statement and one commit; 1 writes every append on its own. Default 64.
   */
  maxAppendBatch?: number;
  /** Batches of `append`s being written at once; the others wait and join the next batch. Default 2. */
  appendBatchesInFlight?: number;
}

/** Stream ids per query of `readStreams` (the ids travel inside the query text). */
export const READ_STREAMS_CHUNK = 5000;

/** The Postgres adapter of the event store port (see DESIGN.md, "The event store port"). */
export interface PostgresEventStore extends EventStore {
  readonly schema: string;
  /** Creates the schema, tables and indexes when missing; safe to run concurrently and repeatedly. */
  migrate(): Promise<void>;
}

/*
 * Global order and why readers never skip an event.
 *
 * `prepare` is a sequence number, taken when a row is inserted; `commit` is the inserting
 * transaction's id (xid8). Sequence numbers are not committed in order: a transaction can take 10,
 * another take 11 and commit first. A reader that had seen 11 and then asked for `prepare > 11`
 * would never see 10. Instead, readers only read rows whose transaction id is below the xmin of
 * their snapshot, the oldest transaction still running: every transaction below it has ended, and
 * every transaction that will ever commit later has an id at or above it. Ordering by
 * (commit, prepare) then gives a log that only ever grows at its end. This is the approach of
 * emmett's and Marten's Postgres event stores. The primary key (commit, prepare) makes each read an
 * index range scan.
 *
 * Reading fast (a rebuild reads the whole log): `data` and `metadata` are `json`, not `jsonb`. The
 * store never queries inside them, and `json` keeps the text it was given, so reading one back is
 * a copy, where `jsonb` re-serialises every document (that was half of Postgres' time per event).
 * Appends still validate the payload as `jsonb`, so the store accepts exactly what it accepted
 * before (no `\u0000`, no lone surrogates). Every read is a `COPY (SELECT ...) TO STDOUT` in
 * binary form, decoded by `EventCopy` as the rows arrive: numbers come as 8 bytes rather than text,
 * `recorded_at` as microseconds rather than through `to_char`, and each row is one protocol
 * message (pg's row path costs a string per column and an array per row before we even start).
 * Measured on 1M events: see postgres-event-store.bench.ts.
 */
/** The event log's migrations in order; date-prefixed names. Append, never edit a landed one. */
const MIGRATIONS: Record<string, SchemaMigration> = {
  '2026-11-23-001-event-log': eventLog001,
  '2026-11-28-002-readable-horizon': readableHorizon002,
};

/** What every read selects, in the order `EventCopy` decodes (`::json` also reads a jsonb column). */
const COLUMNS = `prepare, commit, revision, recorded_at, id::text, stream_id, type, data::json, metadata::json`;

/**
 * Only events of transactions that have ended: nothing can commit before them any more. The bound is
 * the reader's snapshot's xmin, but for transactions that said they append nothing (a read-model
 * batch, an import's release: `appendsNoEventSql`), which no reader waits for.
 */
const readableSql = (schema: string) => `commit < ${schema}.readable_horizon()`;

/**
 * One statement (so one round trip and one implicit transaction) per append: the streams row is
 * inserted or advanced only if the expected revision holds (the row lock serialises concurrent
 * appenders, which re-check after waiting), and the events are inserted only if it was.
 * $1 stream id, $2 the events as a JSON array, $3 the expected revision (bigint variant only).
 *
 * No pg_notify in here: a transaction that notifies holds a cluster-wide lock from before its
 * commit until after it, WAL flush included, so notifying appends commit one at a time. Measured
 * with 32 concurrent callers and a busy disk: ~300 appends/s with the notify inside, ~1,200/s
 * without. Listeners are woken by `notifyAppended` right after the commit instead.
 */
const appendSql = (s: string, expected: ExpectedRevision) => {
  // $2 is text, parsed once as jsonb (validating it by jsonb's rules, as the store always did) for
  // the count, and once as json for the rows, which keep its text as given. (A $2 typed jsonb by
  // its first cast would reach the json rows re-serialised.)
  const count = `(SELECT size FROM payload)`;
  const claim =
    expected === 'no_stream'
      ? `INSERT INTO ${s}.streams (stream_id, revision) VALUES ($1, ${count} - 1)
         ON CONFLICT (stream_id) DO NOTHING RETURNING revision`
      : expected === 'any'
        ? `INSERT INTO ${s}.streams AS t (stream_id, revision) VALUES ($1, ${count} - 1)
           ON CONFLICT (stream_id) DO UPDATE SET revision = t.revision + ${count} RETURNING revision`
        : `UPDATE ${s}.streams SET revision = revision + ${count}
           WHERE stream_id = $1 AND revision = $3::bigint RETURNING revision`;
  return `
    WITH payload AS (SELECT jsonb_array_length($2::text::jsonb) AS size),
    claimed AS (${claim}),
    inserted AS (
      INSERT INTO ${s}.events (stream_id, revision, id, type, data, metadata)
      SELECT $1, claimed.revision - ${count} + e.ord, (e.event->>'id')::uuid, e.event->>'type',
             e.event->'data', e.event->'metadata'
      FROM claimed, json_array_elements($2::text::json) WITH ORDINALITY AS e(event, ord)
      ORDER BY e.ord
      RETURNING revision, prepare, commit
    )
    SELECT revision, prepare, commit FROM inserted ORDER BY prepare DESC LIMIT 1`;
};

/**
 * Group commit: concurrent `append`s (different streams) in one statement, so one round trip and
 * one commit (one WAL flush) for the lot, each with its own expected-revision check: an append
 * whose check fails claims no stream row, gets no events and no answer row, and fails alone (the
 * others commit). $1 is `[{ s: streamId, k: 'no_stream' | 'any' | 'revision', r: expected or null,
 * e: [events] }]` as text, validated once as jsonb like every append. The three claims touch
 * different rows (a stream appears once per batch). Answers per stream: stream id, then revision,
 * prepare and commit of its last event. Each append's events get consecutive revisions, in order.
 */
const groupSql = (s: string) => `
  WITH payload AS (SELECT jsonb_array_length($1::text::jsonb) AS size),
  input AS (
    SELECT e.ord, e.item->>'s' AS stream_id, e.item->>'k' AS kind, (e.item->>'r')::bigint AS expected,
           e.item->'e' AS events, json_array_length(e.item->'e') AS n
    FROM payload, json_array_elements($1::text::json) WITH ORDINALITY AS e(item, ord)
  ),
  created AS (
    INSERT INTO ${s}.streams (stream_id, revision)
    SELECT stream_id, n - 1 FROM input WHERE kind = 'no_stream' ORDER BY stream_id
    ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id, revision
  ),
  upserted AS (
    INSERT INTO ${s}.streams AS t (stream_id, revision)
    SELECT stream_id, n - 1 FROM input WHERE kind = 'any' ORDER BY stream_id
    ON CONFLICT (stream_id) DO UPDATE SET revision = t.revision + EXCLUDED.revision + 1 RETURNING stream_id, revision
  ),
  updated AS (
    UPDATE ${s}.streams AS t SET revision = t.revision + i.n FROM input i
    WHERE i.kind = 'revision' AND t.stream_id = i.stream_id AND t.revision = i.expected
    RETURNING t.stream_id, t.revision
  ),
  claimed AS (SELECT * FROM created UNION ALL SELECT * FROM upserted UNION ALL SELECT * FROM updated),
  inserted AS (
    INSERT INTO ${s}.events (stream_id, revision, id, type, data, metadata)
    SELECT i.stream_id, c.revision - i.n + ev.ord, (ev.event->>'id')::uuid, ev.event->>'type', ev.event->'data', ev.event->'metadata'
    FROM input i JOIN claimed c ON c.stream_id = i.stream_id, json_array_elements(i.events) WITH ORDINALITY AS ev(event, ord)
    ORDER BY i.ord, ev.ord
    RETURNING stream_id, revision, prepare, commit
  )
  SELECT DISTINCT ON (stream_id) stream_id, revision, prepare, commit FROM inserted ORDER BY stream_id, prepare DESC`;

/** Streams per statement when appendMany creates new streams. */
const NEW_STREAMS_PER_STATEMENT = 500;

/**
 * appendMany's statement for streams that must not exist yet: `appendSql`'s 'no_stream' variant
 * for many streams at once. $1 is `[{ streamId, events: [...] }]` as text, validated once as jsonb
 * like every append; a stream that exists is not claimed and gets no events (and no answer row).
 * Answers per stream: stream id, then revision, prepare and commit of its last event.
 */
const newStreamsSql = (s: string) => `
  WITH payload AS (SELECT jsonb_array_length($1::text::jsonb) AS size),
  input AS (
    SELECT e.ord, e.item->>'streamId' AS stream_id, e.item->'events' AS events
    FROM payload, json_array_elements($1::text::json) WITH ORDINALITY AS e(item, ord)
  ),
  claimed AS (
    INSERT INTO ${s}.streams (stream_id, revision)
    SELECT stream_id, json_array_length(events) - 1 FROM input ORDER BY ord
    ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id
  ),
  inserted AS (
    INSERT INTO ${s}.events (stream_id, revision, id, type, data, metadata)
    SELECT i.stream_id, ev.ord - 1, (ev.event->>'id')::uuid, ev.event->>'type', ev.event->'data', ev.event->'metadata'
    FROM input i JOIN claimed c ON c.stream_id = i.stream_id, json_array_elements(i.events) WITH ORDINALITY AS ev(event, ord)
    ORDER BY i.ord, ev.ord
    RETURNING stream_id, revision, prepare, commit
  )
  SELECT DISTINCT ON (stream_id) stream_id, revision, prepare, commit FROM inserted ORDER BY stream_id, prepare DESC`;

/** Runs `task` now, or once more after the current run when called while it runs. Failures are dropped. */
function coalesced(task: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  return function run() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    task()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
}

/** `application_name` of subscription connections (visible in pg_stat_activity). */
export const SUBSCRIBER_APPLICATION_NAME = 'bt-event-store-subscription';

/** Results come back as the server's text: we parse only what we need, cheaper than pg's parsers. */
const RAW_TEXT: pg.CustomTypesConfig = { getTypeParser: (() => (value: string) => value) as never };

type Row = string[];

/** Revisions below this are shared bigints rather than one allocated per event. */
const SMALL = Array.from({ length: 1024 }, (_, i) => BigInt(i));
/** Microseconds from the Unix epoch to Postgres' (2000-01-01), where timestamptz counts from. */
const PG_EPOCH_US = 946_684_800_000_000;
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FIELDS = 9;

/**
 * Buffer's own decoders, which `toString(encoding, start, end)` calls after checking its arguments
 * and looking the encoding up. Five decodes per event, so we call them directly: undocumented, but
 * what every Buffer decode has run for years (protobufjs, behind gRPC, calls utf8Slice the same way).
 */
interface Decoders {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

/**
 * One `COPY (SELECT ${COLUMNS} ...) TO STDOUT (FORMAT binary)`, each row decoded into an event as
 * its message arrives (Postgres sends one CopyData message per row; the first also carries the
 * file header). A row is: int16 field count, then per field an int32 length and that many bytes;
 * int8/xid8 and timestamptz (microseconds since 2000-01-01 UTC) are 8 bytes big-endian; text and
 * json are their UTF-8 text. pg calls `handleCopyData` for copy-out data (pg-copy-streams relies
 * on the same hook); the rest of the query protocol is pg.Query's own.
 */
class EventCopy extends pg.Query {
  readonly events: RecordedEvent[] = [];
  failure: Error | undefined;
  private header = true;
  // Consecutive events of one append share their commit (and often their recorded time).
  private commitHi = -1;
  private commitLo = -1;
  private commit = 0n;
  private recordedUs = Number.NaN;
  private recordedAt = '';

  handleCopyData({ chunk }: { chunk: Buffer }): void {
    if (this.failure) return;
    const b = chunk as Buffer & Decoders;
    try {
      let o = 0;
      if (this.header) {
        if (b.length < 19 || b.compare(COPY_SIGNATURE, 0, 11, 0, 11) !== 0) throw new Error('not a binary COPY header');
        o = 19 + b.readInt32BE(15);
        this.header = false;
        if (o === b.length) return;
      }
      const fields = b.readInt16BE(o);
      if (fields === -1) return; // the trailer
      if (fields !== FIELDS) throw new Error(`expected ${FIELDS} columns, got ${fields}`);
      o += 6; // field count, length of prepare
      const prepare = b.readBigInt64BE(o);
      o += 12;
      const commitHi = b.readUInt32BE(o);
      const commitLo = b.readUInt32BE(o + 4);
      if (commitHi !== this.commitHi || commitLo !== this.commitLo) {
        this.commitHi = commitHi;
        this.commitLo = commitLo;
        this.commit = b.readBigUInt64BE(o);
      }
      o += 12;
      const small = b.readInt32BE(o) === 0 ? b.readUInt32BE(o + 4) : SMALL.length;
      const revision = small < SMALL.length ? SMALL[small] : b.readBigInt64BE(o);
      o += 12;
      const us = b.readInt32BE(o) * 4294967296 + b.readUInt32BE(o + 4);
      if (us !== this.recordedUs) {
        this.recordedUs = us;
        // Milliseconds, truncated, as ISO (what to_char's MS gave).
        this.recordedAt = new Date(Math.floor((us + PG_EPOCH_US) / 1000)).toISOString();
      }
      o += 8;
      let n = b.readInt32BE(o);
      const id = b.latin1Slice((o += 4), (o += n)); // a uuid's text
      n = b.readInt32BE(o);
      const streamId = b.utf8Slice((o += 4), (o += n));
      n = b.readInt32BE(o);
      const type = b.utf8Slice((o += 4), (o += n));
      n = b.readInt32BE(o);
      const data: unknown = JSON.parse(b.utf8Slice((o += 4), (o += n)));
      n = b.readInt32BE(o);
      const metadata = JSON.parse(b.utf8Slice((o += 4), (o += n))) as EventMetadata;
      this.events.push({
        id,
        streamId,
        revision,
        position: { commit: this.commit, prepare },
        type,
        data,
        metadata,
        recordedAt: this.recordedAt,
      });
    } catch (e) {
      this.failure = new Error(`Unreadable row from the event store: ${(e as Error).message}`, { cause: e });
    }
  }
}

/** Runs `COPY (select) TO STDOUT (FORMAT binary)` on a connection and returns the decoded events. */
function copyEvents(client: pg.ClientBase, select: string): Promise<RecordedEvent[]> {
  return new Promise((resolve, reject) => {
    const copy = new EventCopy(`COPY (${select}) TO STDOUT (FORMAT binary)`);
    copy.on('error', reject); // `on`: a broken connection can report a second error
    copy.on('end', () => (copy.failure ? reject(copy.failure) : resolve(copy.events)));
    client.query(copy);
  });
}

/**
 * A text value for a query's text (COPY takes no parameters): dollar-quoted, with a tag the text
 * does not contain, so nothing in it can end the quote, whatever standard_conforming_strings says.
 */
function quoteText(text: string): string {
  let tag = 'q';
  while (text.includes(`$${tag}`)) tag += 'q';
  return `$${tag}$${text}$${tag}$`;
}

const byPosition = (a: RecordedEvent, b: RecordedEvent) => comparePositions(a.position, b.position);

/** A position's parts as SQL literals (digits only: bigints we formatted). */
const positionSql = (p: Position) => `('${p.commit.toString()}'::xid8, ${p.prepare.toString()}::bigint)`;

/** A row when any event, readable or not, follows `after` in the log of `schema` (quoted): one index probe. */
export const anyEventAfterSql = (schema: string, after: Position) =>
  `SELECT 1 FROM ${schema}.events WHERE (commit, prepare) > ${positionSql(after)} ORDER BY commit, prepare LIMIT 1`;

/**
 * Connects to Postgres, creates the store's tables in `schema` unless `migrate: false`, and
 * returns the store. close() ends the pool and completes live subscriptions.
 */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const schemaName = options.schema ?? 'eventstore';
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schemaName)) throw new Error(`Invalid schema name: ${schemaName}`);
  const s = `"${schemaName}"`;
  const READABLE = readableSql(s);
  const channel = `${schemaName}.appended`;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const pageSize = options.subscriptionPageSize ?? 1000;
  const clientConfig: pg.ClientConfig = { connectionString: options.connectionString, types: RAW_TEXT };
  const pool = new pg.Pool({ ...clientConfig, application_name: 'bt-event-store', max: options.poolSize ?? 10 });
  // An idle connection that breaks (server restart) is dropped by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const subscriptions = new Set<() => void>();

  const appendText = { no_stream: appendSql(s, 'no_stream'), any: appendSql(s, 'any'), revision: appendSql(s, 0n) };
  const newStreamsText = newStreamsSql(s);
  const groupText = groupSql(s);
  const maxAppendBatch = options.maxAppendBatch ?? 64;
  const appendBatchesInFlight = options.appendBatchesInFlight ?? 2;
  if (!Number.isSafeInteger(maxAppendBatch) || maxAppendBatch < 1) throw new RangeError(`maxAppendBatch must be a whole number >= 1`);
  if (!Number.isSafeInteger(appendBatchesInFlight) || appendBatchesInFlight < 1) {
    throw new RangeError(`appendBatchesInFlight must be a whole number >= 1`);
  }

  // One notification at a time, and one more if appends commit meanwhile: every append is followed
  // by a notification that starts after its commit, and a burst of appends costs a few. It carries
  // no data, so its own commit need not wait for the disk.
  const notifyAppended = coalesced(() =>
    pool.query({
      name: `${schemaName}.notify`,
      text: `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')`,
      values: [channel],
    }),
  );

  /** The query of one stream's append (appendSql's variant for `expected`). */
  const appendQuery = (streamId: string, events: NewEvent[], expected: ExpectedRevision): pg.QueryConfig & { rowMode: 'array' } => {
    const variant = typeof expected === 'bigint' ? 'revision' : expected;
    const payload = JSON.stringify(events.map((e) => ({ id: e.id ?? uuidv7(), type: e.type, data: e.data ?? null, metadata: e.metadata })));
    return {
      name: `${schemaName}.append-${variant}`,
      text: appendText[variant],
      values: typeof expected === 'bigint' ? [streamId, payload, expected.toString()] : [streamId, payload],
      rowMode: 'array',
    };
  };
  const appended = ([revision, prepare, commit]: Row): AppendResult => ({
    nextRevision: BigInt(revision),
    position: { commit: BigInt(commit), prepare: BigInt(prepare) },
  });

  /**
   * Appends to streams that must not exist yet, in one statement, inside the caller's transaction:
   * the results in the order given; a WrongExpectedRevision for the first stream that exists (or
   * is given twice). The statement fails as a whole, so the caller rolls back.
   */
  const appendNewStreams = async (client: pg.ClientBase, batch: readonly StreamAppend[]): Promise<AppendResult[]> => {
    const payload = JSON.stringify(
      batch.map(({ streamId, events }) => ({
        streamId,
        events: events.map((e) => ({ id: e.id ?? uuidv7(), type: e.type, data: e.data ?? null, metadata: e.metadata })),
      })),
    );
    let rows: Row[];
    try {
      ({ rows } = await client.query<Row>({
        name: `${schemaName}.append-new-streams`,
        text: newStreamsText,
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
  };

  /** One stream's append inside the caller's transaction (appendSql's statement). */
  const appendOne = async (client: pg.ClientBase, { streamId, events, expected }: StreamAppend): Promise<AppendResult> => {
    let rows: Row[];
    try {
      ({ rows } = await client.query<Row>(appendQuery(streamId, events, expected)));
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new WrongExpectedRevision(streamId, expected, 'no_stream');
      throw e;
    }
    if (rows.length === 0) throw new WrongExpectedRevision(streamId, expected, 'no_stream');
    return appended(rows[0]);
  };

  /**
   * appendMany and appendEach: the appends pulled from `source` one at a time and written in one
   * transaction, all of them or none (a failure of the source rolls back too). New streams go many
   * to a statement (a 20,000-row import is a few dozen statements, not 20,000 round trips), so at
   * most NEW_STREAMS_PER_STATEMENT appends are held at once; the others one by one, as `append`.
   * `each` is told every result, in the order given.
   */
  const appendInTransaction = async (
    source: StreamAppends,
    each: (streamId: string, result: AppendResult) => void,
    atomic = true,
  ): Promise<void> => {
    const client = await pool.connect();
    let failed: unknown;
    let any = false;
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
      notifyAppended();
      await client.query('BEGIN');
    };
    try {
      await client.query('BEGIN');
      let batch: StreamAppend[] = [];
      const flush = async () => {
        const pending = batch;
        batch = [];
        if (pending.length === 1) note(pending[0].streamId, await appendOne(client, pending[0]));
        else if (pending.length > 1) {
          const results = await appendNewStreams(client, pending);
          for (const [i, result] of results.entries()) note(pending[i].streamId, result);
        }
        if (open.length >= NEW_STREAMS_PER_STATEMENT) await commitChunk();
      };
      for await (const append of source) {
        if (append.events.length === 0) throw new TypeError(`append to ${append.streamId} needs at least one event`);
        any = true;
        if (append.expected === 'no_stream') {
          batch.push(append);
          if (batch.length >= NEW_STREAMS_PER_STATEMENT) await flush();
          continue;
        }
        await flush();
        note(append.streamId, await appendOne(client, append));
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
      failed = new WrongExpectedRevision(failed.streamId, failed.expected, await revisionOf(failed.streamId));
    }
    if (failed !== undefined) {
      if (committed.length > 0) throw new PartialAppend(committed, failed);
      throw failed;
    }
    if (any) notifyAppended();
  };

  /** Events of one `SELECT ${COLUMNS} ...`, on the given connection or one from the pool. */
  const select = async (sql: string, client?: pg.ClientBase): Promise<RecordedEvent[]> => {
    if (client) return copyEvents(client, sql);
    const pooled = await pool.connect();
    try {
      const events = await copyEvents(pooled, sql);
      pooled.release();
      return events;
    } catch (e) {
      pooled.release(e as Error); // not reused: it may be mid-way through the copy
      throw e;
    }
  };

  const readPage = async (after: Position, maxCount: number, client?: pg.ClientBase) => {
    if (!Number.isSafeInteger(maxCount) || maxCount < 0) throw new RangeError(`maxCount must be a whole number >= 0, got ${maxCount}`);
    return select(
      `SELECT ${COLUMNS} FROM ${s}.events
       WHERE (commit, prepare) > ${positionSql(after)} AND ${READABLE}
       ORDER BY commit, prepare LIMIT ${maxCount}`,
      client,
    );
  };

  // `readable` is READABLE, or the same bound fixed once for all the chunks of one call. Sorted
  // here rather than by Postgres: sorting whole rows (data included) spills to disk beyond a few
  // thousand events (work_mem), and our sort overlaps the next chunk's read.
  const readStreamsChunk = async (streamIds: readonly string[], readable: string) =>
    (
      await select(
        `SELECT ${COLUMNS} FROM ${s}.events
         WHERE stream_id = ANY (ARRAY(SELECT json_array_elements_text(${quoteText(JSON.stringify(streamIds))}::json)))
           AND ${readable}`,
      )
    ).sort(byPosition);

  const revisionOf = async (streamId: string): Promise<bigint | 'no_stream'> => {
    const { rows } = await pool.query<Row>({
      text: `SELECT revision FROM ${s}.streams WHERE stream_id = $1`,
      values: [streamId],
      rowMode: 'array',
    });
    return rows.length ? BigInt(rows[0][0]) : 'no_stream';
  };

  /** One append on its own: one statement, one commit (what every append was before group commit). */
  const appendAlone = async ({ streamId, events, expected }: StreamAppend): Promise<AppendResult> => {
    let rows: Row[];
    try {
      ({ rows } = await pool.query<Row>(appendQuery(streamId, events, expected)));
    } catch (e) {
      // A unique violation means another appender got there first (e.g. rows written outside this adapter).
      if ((e as { code?: string }).code === '23505') {
        throw new WrongExpectedRevision(streamId, expected, await revisionOf(streamId));
      }
      throw e;
    }
    if (rows.length === 0) throw new WrongExpectedRevision(streamId, expected, await revisionOf(streamId));
    return appended(rows[0]);
  };

  /*
   * Group commit. Every `append` joins a queue; at most `appendBatchesInFlight` batches are written
   * at once, so appends arriving while those commit wait (no timer: an append on a quiet store is
   * written at once) and go together in the next batch: one statement, one commit, one WAL flush
   * for all of them. A stream appears once per batch and in one batch at a time (a second append
   * to it waits for a later one), so each append's expected-revision check sees the ones before it. A batch
   * resolves its appends only after its commit: every answered append is on disk as before
   * (synchronous_commit is untouched). When the batch statement fails as a whole (an event Postgres
   * refuses, a deadlock with another process's batch, a row written outside this adapter), its
   * appends are written one by one, so only the one at fault fails.
   */
  type Waiting = StreamAppend & { resolve: (result: AppendResult) => void; reject: (error: unknown) => void };
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

  /** Writes a batch and settles each of its appends; true when any was appended. */
  const writeBatch = async (batch: Waiting[]): Promise<boolean> => {
    if (batch.length === 1) return settle(batch[0], appendAlone(batch[0]));
    const payload = JSON.stringify(
      batch.map(({ streamId, events, expected }) => ({
        s: streamId,
        k: typeof expected === 'bigint' ? 'revision' : expected,
        r: typeof expected === 'bigint' ? expected.toString() : null,
        e: events.map((e) => ({ id: e.id ?? uuidv7(), type: e.type, data: e.data ?? null, metadata: e.metadata })),
      })),
    );
    let rows: Row[];
    try {
      ({ rows } = await pool.query<Row>({ name: `${schemaName}.append-group`, text: groupText, values: [payload], rowMode: 'array' }));
    } catch {
      // Nothing of the batch was written: each on its own, so only the one at fault fails.
      return (await Promise.all(batch.map((waiting) => settle(waiting, appendAlone(waiting))))).includes(true);
    }
    const byStream = new Map(rows.map((row) => [row[0], row.slice(1)]));
    await Promise.all(
      batch.map((waiting) => {
        const row = byStream.get(waiting.streamId);
        if (row) return settle(waiting, Promise.resolve(appended(row)));
        // Its check failed (and only its): the revision the stream has now, as `append` always said.
        return settle(
          waiting,
          revisionOf(waiting.streamId).then((actual) =>
            Promise.reject(new WrongExpectedRevision(waiting.streamId, waiting.expected, actual)),
          ),
        );
      }),
    );
    return rows.length > 0;
  };

  const startBatches = () => {
    while (inFlight < appendBatchesInFlight && pending.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return; // what waits is for streams being written: after that batch
      inFlight++;
      writeBatch(batch)
        .catch(() => false) // every append of the batch is settled by writeBatch
        .then((any) => {
          inFlight--;
          for (const { streamId } of batch) writing.delete(streamId);
          if (any) notifyAppended();
          startBatches();
        });
    }
  };

  /** One stream read on its own. */
  const readAlone = (streamId: string) =>
    select(`SELECT ${COLUMNS} FROM ${s}.events WHERE stream_id = ${quoteText(streamId)} ORDER BY revision`);

  /*
   * Grouped reads, like group commit: `readStream`s asked for while `appendBatchesInFlight` reads
   * run wait and go together in one query (a command reads its aggregate, or the user's stream,
   * before it appends: at 32 concurrent commands that was one round trip each). Each read's query
   * starts after it was asked for, so it sees every append acknowledged before, as always.
   */
  type Reader = { streamId: string; resolve: (events: RecordedEvent[]) => void; reject: (error: unknown) => void };
  let reading: Reader[] = [];
  let readsInFlight = 0;

  const readGroup = async (group: Reader[]): Promise<void> => {
    const ids = [...new Set(group.map((r) => r.streamId))];
    if (ids.length === 1) {
      const events = readAlone(ids[0]);
      await Promise.all(group.map((r, i) => events.then((list) => r.resolve(i === 0 ? list : [...list]), r.reject)));
      return;
    }
    let events: RecordedEvent[];
    try {
      events = await select(
        `SELECT ${COLUMNS} FROM ${s}.events
         WHERE stream_id = ANY (ARRAY(SELECT json_array_elements_text(${quoteText(JSON.stringify(ids))}::json)))`,
      );
    } catch {
      // Each on its own (another connection), so one broken connection fails no read.
      await Promise.all(group.map((r) => readAlone(r.streamId).then(r.resolve, r.reject)));
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
  };

  const startReads = () => {
    while (readsInFlight < appendBatchesInFlight && reading.length > 0) {
      const group = reading.slice(0, maxAppendBatch);
      reading = reading.slice(maxAppendBatch);
      readsInFlight++;
      readGroup(group)
        .catch((error: unknown) => group.forEach((r) => r.reject(error)))
        .finally(() => {
          readsInFlight--;
          startReads();
        });
    }
  };

  const store: PostgresEventStore = {
    schema: schemaName,

    async migrate() {
      // A Kysely over the store's pool, only to run the migrations (destroying it would end the pool).
      await migrateSchema(new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), schemaName, MIGRATIONS);
    },

    append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      if (events.length === 0) return Promise.reject(new TypeError(`append to ${streamId} needs at least one event`));
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ streamId, events, expected, resolve, reject });
        startBatches();
      });
    },

    async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
      for (const { streamId, events } of appends) {
        if (events.length === 0) throw new TypeError(`append to ${streamId} needs at least one event`);
      }
      if (appends.length === 0) return [];
      const results: AppendResult[] = [];
      await appendInTransaction(appends, (_streamId, result) => results.push(result));
      return results;
    },

    async appendEach(appends: StreamAppends, options: AppendEachOptions = {}): Promise<AppendSummary> {
      let streams = 0;
      let position: Position | undefined;
      const count = (_streamId: string, result: AppendResult) => {
        streams++;
        if (position === undefined || comparePositions(result.position, position) > 0) position = result.position;
      };
      await appendInTransaction(appends, count, options.atomic ?? true);
      return { streams, position };
    },

    readStream: (streamId: string): Promise<RecordedEvent[]> =>
      new Promise<RecordedEvent[]>((resolve, reject) => {
        reading.push({ streamId, resolve, reject });
        startReads();
      }),

    async readStreams(streamIds: readonly string[], after?: Position): Promise<RecordedEvent[]> {
      const ids = [...new Set(streamIds)];
      const from = after ? ` AND (commit, prepare) > ${positionSql(after)}` : '';
      if (ids.length <= READ_STREAMS_CHUNK) return ids.length === 0 ? [] : readStreamsChunk(ids, READABLE + from);
      // One bound for every chunk, taken now: the answer is what readAll showed at one instant (a
      // bound below the current xmin is as safe: every transaction below it has ended too).
      const { rows } = await pool.query<Row>({ text: `SELECT ${s}.readable_horizon()`, rowMode: 'array' });
      const readable = `commit < '${BigInt(rows[0][0]).toString()}'::xid8${from}`;
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += READ_STREAMS_CHUNK) chunks.push(ids.slice(i, i + READ_STREAMS_CHUNK));
      // Two queries at a time: Postgres reads one chunk while we decode the other.
      return mergeByPosition(await mapWithConcurrency(chunks, 2, (chunk) => readStreamsChunk(chunk, readable)));
    },

    readAll: ({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> => readPage(after, maxCount),

    readAllPages: (after: Position, pageSize?: number) => pagesReadAhead(readPage, after, pageSize),

    subscribeAll: ({ after }: SubscribeOptions) =>
      new Observable<RecordedEvent>((subscriber) => {
        // A dedicated connection: LISTEN needs one, and catch-up reads then never wait for the pool.
        const client = new pg.Client({ ...clientConfig, application_name: SUBSCRIBER_APPLICATION_NAME });
        let closed = false;
        let due = true; // something may be readable: read before waiting
        let wake: (() => void) | undefined;
        const poke = () => {
          due = true;
          wake?.();
        };
        const stop = () => {
          if (closed) return;
          closed = true;
          clearInterval(timer);
          clearTimeout(recheck);
          subscriptions.delete(complete);
          wake?.();
          client.end().catch(() => undefined);
        };
        const fail = (e: unknown) => {
          if (!closed) subscriber.error(e);
          stop();
        };
        const complete = () => {
          subscriber.complete();
          stop();
        };
        client.on('notification', poke);
        client.on('error', fail);
        const timer = setInterval(poke, pollIntervalMs);
        subscriptions.add(complete);

        const read = (from: Position) => {
          const page = readPage(from, pageSize, client);
          page.catch(() => undefined); // may be abandoned by an unsubscribe; awaited otherwise
          return page;
        };
        // Committed events an open transaction hides (READABLE) become readable when it ends, and
        // nothing notifies then (e.g. the read models' own batch, ended a moment after the append's
        // notification woke us): look again soon, sooner than the poll, backing off to every 50 ms
        // while it lasts (a long import's transaction). Asked as "is there any event after the
        // one delivered last", one step of the primary key's index: everything readable up to
        // there has been delivered, so any such event is held back or newly appended, and either
        // way worth a look. (Asking for the held-back ones alone, `NOT READABLE`, made Postgres
        // expect thousands of matches for a row comparison on xid8 and scan the whole table for
        // none: 30-40 ms of Postgres' CPU per live read of a 220,000-event log, growing with it.)
        let recheckMs = 1;
        let recheck: NodeJS.Timeout | undefined;
        const recheckIfHeldBack = async (from: Position) => {
          const { rows } = await client.query<Row>({ text: anyEventAfterSql(s, from), rowMode: 'array' });
          if (rows.length === 0) {
            recheckMs = 1;
            return;
          }
          clearTimeout(recheck);
          recheck = setTimeout(poke, recheckMs);
          recheckMs = Math.min(recheckMs * 2, pollIntervalMs, 50);
        };
        const run = async () => {
          await client.connect();
          // Listen before the first read, so nothing appended during catch-up goes unnoticed.
          await client.query(`LISTEN "${channel}"`);
          let position = after;
          let next: Promise<RecordedEvent[]> | undefined;
          while (!closed) {
            if (!next) {
              if (!due) await new Promise<void>((resolve) => (wake = resolve));
              wake = undefined;
              if (closed) return;
              due = false;
              next = read(position);
            }
            const page = await next;
            // Still catching up: the next page is read while this one is delivered.
            next = page.length === pageSize ? read(page[page.length - 1].position) : undefined;
            for (const event of page) {
              if (closed) return;
              position = event.position;
              subscriber.next(event);
            }
            if (!next && !due && !closed) await recheckIfHeldBack(position);
          }
        };
        run().catch(fail);
        return stop;
      }),

    async headPosition(): Promise<Position> {
      const { rows } = await pool.query<Row>({
        name: `${schemaName}.head`,
        // Every committed event, readable yet or not: an acknowledged append is in the log even
        // while an unrelated open transaction (in any database of the server) holds xmin back, and
        // "caught up with the head" must wait for it rather than answer before it is read.
        text: `SELECT commit, prepare FROM ${s}.events ORDER BY commit DESC, prepare DESC LIMIT 1`,
        rowMode: 'array',
      });
      return rows.length ? { commit: BigInt(rows[0][0]), prepare: BigInt(rows[0][1]) } : START;
    },

    async close() {
      for (const complete of [...subscriptions]) complete();
      await pool.end();
    },
  };

  if (options.migrate ?? true) await store.migrate();
  return store;
}
