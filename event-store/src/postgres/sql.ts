/*
 * The SQL text of the Postgres event store. `schema` is always the store's schema name, quoted.
 *
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
 * a copy, where `jsonb` re-serialises every document (half of Postgres' time per event). Appends
 * still validate the payload as `jsonb`, so the store accepts exactly what a jsonb column would
 * (no `\u0000`, no lone surrogates). Every read is a `COPY (SELECT ...) TO STDOUT` in binary form,
 * decoded as the rows arrive (copy-decoder.ts). Measured on 1M events: see
 * postgres-event-store.bench.ts.
 */
import type { ExpectedRevision, Position } from '../port';

/** What every read selects, in the order `EventCopy` decodes (`::json` also reads a jsonb column). */
export const COLUMNS = `prepare, commit, revision, recorded_at, id::text, stream_id, type, data::json, metadata::json`;

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
const appendSql = (schema: string, expected: ExpectedRevision) => {
  // $2 is text, parsed once as jsonb (validating it by jsonb's rules) for the count, and once as
  // json for the rows, which keep its text as given. (A $2 typed jsonb by its first cast would
  // reach the json rows re-serialised.)
  const count = `(SELECT size FROM payload)`;
  const claim =
    expected === 'no_stream'
      ? `INSERT INTO ${schema}.streams (stream_id, revision) VALUES ($1, ${count} - 1)
         ON CONFLICT (stream_id) DO NOTHING RETURNING revision`
      : expected === 'any'
        ? `INSERT INTO ${schema}.streams AS t (stream_id, revision) VALUES ($1, ${count} - 1)
           ON CONFLICT (stream_id) DO UPDATE SET revision = t.revision + ${count} RETURNING revision`
        : `UPDATE ${schema}.streams SET revision = revision + ${count}
           WHERE stream_id = $1 AND revision = $3::bigint RETURNING revision`;
  return `
    WITH payload AS (SELECT jsonb_array_length($2::text::jsonb) AS size),
    claimed AS (${claim}),
    inserted AS (
      INSERT INTO ${schema}.events (stream_id, revision, id, type, data, metadata)
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
const groupSql = (schema: string) => `
  WITH payload AS (SELECT jsonb_array_length($1::text::jsonb) AS size),
  input AS (
    SELECT e.ord, e.item->>'s' AS stream_id, e.item->>'k' AS kind, (e.item->>'r')::bigint AS expected,
           e.item->'e' AS events, json_array_length(e.item->'e') AS n
    FROM payload, json_array_elements($1::text::json) WITH ORDINALITY AS e(item, ord)
  ),
  created AS (
    INSERT INTO ${schema}.streams (stream_id, revision)
    SELECT stream_id, n - 1 FROM input WHERE kind = 'no_stream' ORDER BY stream_id
    ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id, revision
  ),
  upserted AS (
    INSERT INTO ${schema}.streams AS t (stream_id, revision)
    SELECT stream_id, n - 1 FROM input WHERE kind = 'any' ORDER BY stream_id
    ON CONFLICT (stream_id) DO UPDATE SET revision = t.revision + EXCLUDED.revision + 1 RETURNING stream_id, revision
  ),
  updated AS (
    UPDATE ${schema}.streams AS t SET revision = t.revision + i.n FROM input i
    WHERE i.kind = 'revision' AND t.stream_id = i.stream_id AND t.revision = i.expected
    RETURNING t.stream_id, t.revision
  ),
  claimed AS (SELECT * FROM created UNION ALL SELECT * FROM upserted UNION ALL SELECT * FROM updated),
  inserted AS (
    INSERT INTO ${schema}.events (stream_id, revision, id, type, data, metadata)
    SELECT i.stream_id, c.revision - i.n + ev.ord, (ev.event->>'id')::uuid, ev.event->>'type', ev.event->'data', ev.event->'metadata'
    FROM input i JOIN claimed c ON c.stream_id = i.stream_id, json_array_elements(i.events) WITH ORDINALITY AS ev(event, ord)
    ORDER BY i.ord, ev.ord
    RETURNING stream_id, revision, prepare, commit
  )
  SELECT DISTINCT ON (stream_id) stream_id, revision, prepare, commit FROM inserted ORDER BY stream_id, prepare DESC`;

/**
 * appendMany's statement for streams that must not exist yet: `appendSql`'s 'no_stream' variant
 * for many streams at once. $1 is `[{ streamId, events: [...] }]` as text, validated once as jsonb
 * like every append; a stream that exists is not claimed and gets no events (and no answer row).
 * Answers per stream: stream id, then revision, prepare and commit of its last event.
 */
const newStreamsSql = (schema: string) => `
  WITH payload AS (SELECT jsonb_array_length($1::text::jsonb) AS size),
  input AS (
    SELECT e.ord, e.item->>'streamId' AS stream_id, e.item->'events' AS events
    FROM payload, json_array_elements($1::text::json) WITH ORDINALITY AS e(item, ord)
  ),
  claimed AS (
    INSERT INTO ${schema}.streams (stream_id, revision)
    SELECT stream_id, json_array_length(events) - 1 FROM input ORDER BY ord
    ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id
  ),
  inserted AS (
    INSERT INTO ${schema}.events (stream_id, revision, id, type, data, metadata)
    SELECT i.stream_id, ev.ord - 1, (ev.event->>'id')::uuid, ev.event->>'type', ev.event->'data', ev.event->'metadata'
    FROM input i JOIN claimed c ON c.stream_id = i.stream_id, json_array_elements(i.events) WITH ORDINALITY AS ev(event, ord)
    ORDER BY i.ord, ev.ord
    RETURNING stream_id, revision, prepare, commit
  )
  SELECT DISTINCT ON (stream_id) stream_id, revision, prepare, commit FROM inserted ORDER BY stream_id, prepare DESC`;

/** The statements that depend on the schema alone, built once per store. */
export interface StoreSql {
  /** The condition of every read of the log (`readableSql`). */
  readonly readable: string;
  /** `appendSql`'s variant per kind of expected revision. */
  readonly append: Readonly<Record<'no_stream' | 'any' | 'revision', string>>;
  readonly group: string;
  readonly newStreams: string;
  /** $1 stream id: its revision, no row when it does not exist. */
  readonly revisionOf: string;
  /** The bound `readable` compares with, as a value. */
  readonly horizon: string;
  /**
   * The last committed event, readable yet or not: an acknowledged append is in the log even while
   * an unrelated open transaction (in any database of the server) holds xmin back, and "caught up
   * with the head" must wait for it rather than answer before it is read.
   */
  readonly head: string;
}

export function storeSql(schema: string): StoreSql {
  return {
    readable: readableSql(schema),
    append: { no_stream: appendSql(schema, 'no_stream'), any: appendSql(schema, 'any'), revision: appendSql(schema, 0n) },
    group: groupSql(schema),
    newStreams: newStreamsSql(schema),
    revisionOf: `SELECT revision FROM ${schema}.streams WHERE stream_id = $1`,
    horizon: `SELECT ${schema}.readable_horizon()`,
    head: `SELECT commit, prepare FROM ${schema}.events ORDER BY commit DESC, prepare DESC LIMIT 1`,
  };
}

/**
 * A text value for a query's text (COPY takes no parameters): dollar-quoted, with a tag the text
 * does not contain, so nothing in it can end the quote, whatever standard_conforming_strings says.
 */
export function quoteText(text: string): string {
  let tag = 'q';
  while (text.includes(`$${tag}`)) tag += 'q';
  return `$${tag}$${text}$${tag}$`;
}

/** A position's parts as SQL literals (digits only: bigints we formatted). */
export const positionSql = (p: Position) => `('${p.commit.toString()}'::xid8, ${p.prepare.toString()}::bigint)`;

/** A readable-bound fixed at `horizon` (a value `StoreSql.horizon` answered), in place of `readable`. */
export const readableBelowSql = (horizon: bigint) => `commit < '${horizon.toString()}'::xid8`;

/** The events of the log after `after`, at most `maxCount`, in log order. */
export const pageSql = (schema: string, readable: string, after: Position, maxCount: number) =>
  `SELECT ${COLUMNS} FROM ${schema}.events
   WHERE (commit, prepare) > ${positionSql(after)} AND ${readable}
   ORDER BY commit, prepare LIMIT ${maxCount}`;

/**
 * The events of one stream in revision order, readable yet or not: a command deciding on its
 * stream must see every append acknowledged before it asked.
 */
export const streamSql = (schema: string, streamId: string) =>
  `SELECT ${COLUMNS} FROM ${schema}.events WHERE stream_id = ${quoteText(streamId)} ORDER BY revision`;

/** The events of several streams, unordered, with `condition` (none, or a readable bound) added. */
export const streamsSql = (schema: string, streamIds: readonly string[], condition?: string) =>
  `SELECT ${COLUMNS} FROM ${schema}.events
   WHERE stream_id = ANY (ARRAY(SELECT json_array_elements_text(${quoteText(JSON.stringify(streamIds))}::json)))` +
  (condition ? `\n     AND ${condition}` : '');

/** A row when any event, readable or not, follows `after` in the log of `schema` (quoted): one index probe. */
export const anyEventAfterSql = (schema: string, after: Position) =>
  `SELECT 1 FROM ${schema}.events WHERE (commit, prepare) > ${positionSql(after)} ORDER BY commit, prepare LIMIT 1`;
