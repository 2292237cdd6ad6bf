import pg from 'pg';
import { Observable } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import {
  WrongExpectedRevision,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  START,
  comparePositions,
} from '../port';

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
}

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
 */
const migration = (s: string) => `
  CREATE SCHEMA IF NOT EXISTS ${s};
  CREATE TABLE IF NOT EXISTS ${s}.streams (
    stream_id text PRIMARY KEY,
    revision bigint NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.events (
    prepare bigint GENERATED ALWAYS AS IDENTITY,
    commit xid8 NOT NULL DEFAULT pg_current_xact_id(),
    stream_id text NOT NULL,
    revision bigint NOT NULL,
    id uuid NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (commit, prepare),
    UNIQUE (stream_id, revision)
  );`;

const COLUMNS = `prepare, commit, stream_id, revision, id, type, data, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Only events of transactions that have ended: nothing can commit before them any more. */
const READABLE = `commit < pg_snapshot_xmin(pg_current_snapshot())`;

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
  const count = `jsonb_array_length($2::jsonb)`;
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
    WITH claimed AS (${claim}),
    inserted AS (
      INSERT INTO ${s}.events (stream_id, revision, id, type, data, metadata)
      SELECT $1, claimed.revision - ${count} + e.ord, (e.event->>'id')::uuid, e.event->>'type',
             e.event->'data', e.event->'metadata'
      FROM claimed, jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(event, ord)
      ORDER BY e.ord
      RETURNING revision, prepare, commit
    )
    SELECT revision, prepare, commit FROM inserted ORDER BY prepare DESC LIMIT 1`;
};

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
type Queryable = Pick<pg.ClientBase, 'query'>;

const toRecorded = (r: Row): RecordedEvent => ({
  id: r[4],
  streamId: r[2],
  revision: BigInt(r[3]),
  position: { commit: BigInt(r[1]), prepare: BigInt(r[0]) },
  type: r[5],
  data: JSON.parse(r[6]) as unknown,
  metadata: JSON.parse(r[7]) as EventMetadata,
  recordedAt: r[8],
});

/**
 * Connects to Postgres, creates the store's tables in `schema` unless `migrate: false`, and
 * returns the store. close() ends the pool and completes live subscriptions.
 */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const schemaName = options.schema ?? 'eventstore';
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schemaName)) throw new Error(`Invalid schema name: ${schemaName}`);
  const s = `"${schemaName}"`;
  const channel = `${schemaName}.appended`;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const pageSize = options.subscriptionPageSize ?? 1000;
  const clientConfig: pg.ClientConfig = { connectionString: options.connectionString, types: RAW_TEXT };
  const pool = new pg.Pool({ ...clientConfig, application_name: 'bt-event-store', max: options.poolSize ?? 10 });
  // An idle connection that breaks (server restart) is dropped by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const subscriptions = new Set<() => void>();
  let readAhead: { after: Position; maxCount: number; page: Promise<RecordedEvent[] | undefined> } | undefined;

  const appendText = { no_stream: appendSql(s, 'no_stream'), any: appendSql(s, 'any'), revision: appendSql(s, 0n) };

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

  const readPage = async (db: Queryable, after: Position, maxCount: number) => {
    const result = await db.query<Row>({
      name: `${schemaName}.read-all`,
      text: `SELECT ${COLUMNS} FROM ${s}.events
             WHERE (commit, prepare) > ($1::xid8, $2::bigint) AND ${READABLE}
             ORDER BY commit, prepare LIMIT $3`,
      values: [after.commit.toString(), after.prepare.toString(), maxCount],
      rowMode: 'array',
    });
    return result.rows.map(toRecorded);
  };

  const revisionOf = async (streamId: string): Promise<bigint | 'no_stream'> => {
    const { rows } = await pool.query<Row>({
      text: `SELECT revision FROM ${s}.streams WHERE stream_id = $1`,
      values: [streamId],
      rowMode: 'array',
    });
    return rows.length ? BigInt(rows[0][0]) : 'no_stream';
  };

  const store: PostgresEventStore = {
    schema: schemaName,

    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Services starting together would otherwise race on CREATE ... IF NOT EXISTS.
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('bt-event-store-migrate'))`);
        await client.query(migration(s));
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },

    async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      if (events.length === 0) throw new TypeError(`append to ${streamId} needs at least one event`);
      const variant = typeof expected === 'bigint' ? 'revision' : expected;
      const payload = JSON.stringify(
        events.map((e) => ({ id: e.id ?? uuidv7(), type: e.type, data: e.data ?? null, metadata: e.metadata })),
      );
      let rows: Row[];
      try {
        ({ rows } = await pool.query<Row>({
          name: `${schemaName}.append-${variant}`,
          text: appendText[variant],
          values: typeof expected === 'bigint' ? [streamId, payload, expected.toString()] : [streamId, payload],
          rowMode: 'array',
        }));
      } catch (e) {
        // A unique violation means another appender got there first (e.g. rows written outside this adapter).
        if ((e as { code?: string }).code === '23505') {
          throw new WrongExpectedRevision(streamId, expected, await revisionOf(streamId));
        }
        throw e;
      }
      if (rows.length === 0) throw new WrongExpectedRevision(streamId, expected, await revisionOf(streamId));
      notifyAppended();
      const [revision, prepare, commit] = rows[0];
      return { nextRevision: BigInt(revision), position: { commit: BigInt(commit), prepare: BigInt(prepare) } };
    },

    async readStream(streamId: string): Promise<RecordedEvent[]> {
      const { rows } = await pool.query<Row>({
        name: `${schemaName}.read-stream`,
        text: `SELECT ${COLUMNS} FROM ${s}.events WHERE stream_id = $1 ORDER BY revision`,
        values: [streamId],
        rowMode: 'array',
      });
      return rows.map(toRecorded);
    },

    async readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
      const ahead = readAhead;
      readAhead = undefined;
      let page: RecordedEvent[] | undefined;
      if (ahead && ahead.maxCount === maxCount && comparePositions(ahead.after, after) === 0) {
        const prefetched = await ahead.page;
        // A full page never changes (the readable log only grows at its end); a short one may have.
        if (prefetched?.length === maxCount) page = prefetched;
      }
      page ??= await readPage(pool, after, maxCount);
      if (page.length === maxCount && maxCount > 0) {
        // Someone paging through the log (a rebuild) asks for the next page next: fetch it now, so
        // Postgres produces it on the other core while the caller handles this one.
        const next = page[page.length - 1].position;
        readAhead = { after: next, maxCount, page: readPage(pool, next, maxCount).catch(() => undefined) };
      }
      return page;
    },

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
          const page = readPage(client, from, pageSize);
          page.catch(() => undefined); // may be abandoned by an unsubscribe; awaited otherwise
          return page;
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
          }
        };
        run().catch(fail);
        return stop;
      }),

    async headPosition(): Promise<Position> {
      const { rows } = await pool.query<Row>({
        name: `${schemaName}.head`,
        text: `SELECT commit, prepare FROM ${s}.events WHERE ${READABLE} ORDER BY commit DESC, prepare DESC LIMIT 1`,
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
