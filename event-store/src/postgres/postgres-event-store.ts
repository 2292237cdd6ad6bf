/*
 * The Postgres adapter of the event store port, assembled from its parts: append.ts (append, with
 * group commit), append-in-transaction.ts (appendMany, appendEach), reads.ts, subscription.ts
 * (subscribeAll and the notification that wakes it), copy-decoder.ts (how every read is decoded)
 * and sql.ts, whose header explains the global order ("Global order": why readers never skip an
 * event). Each part gets what it shares with the others (pool, SQL, notifier) as a StoreContext.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateSchema, type SchemaMigration } from '@bt/platform';
import {
  comparePositions,
  pagesReadAhead,
  type AppendEachOptions,
  type AppendResult,
  type AppendSummary,
  type EventStore,
  type Position,
  type StreamAppend,
  type StreamAppends,
} from '../port';
import { createGroupCommit } from './append';
import { appendInTransaction } from './append-in-transaction';
import type { StoreContext } from './context';
import * as eventLog001 from './migrations/2026-11-23-001-event-log';
import * as readableHorizon002 from './migrations/2026-11-28-002-readable-horizon';
import { createGroupedReads, headPosition, readPage, readStreams } from './reads';
import { storeSql } from './sql';
import { appendNotifier, subscribeAll } from './subscription';

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
   * Group commit (see append.ts): `append`s are written in batches of at most this many, each
   * batch one statement and one commit; 1 writes every append on its own. Default 64. Concurrent
   * `readStream`s are grouped by the same numbers.
   */
  maxAppendBatch?: number;
  /** Batches of `append`s being written at once; the others wait and join the next batch. Default 2. */
  appendBatchesInFlight?: number;
}

/** The Postgres adapter of the event store port (see DESIGN.md, "The event store port"). */
export interface PostgresEventStore extends EventStore {
  readonly schema: string;
  /** Creates the schema, tables and indexes when missing; safe to run concurrently and repeatedly. */
  migrate(): Promise<void>;
}

/** The event log's migrations in order; date-prefixed names. Append, never edit a landed one. */
const MIGRATIONS: Record<string, SchemaMigration> = {
  '2026-11-23-001-event-log': eventLog001,
  '2026-11-28-002-readable-horizon': readableHorizon002,
};

/** Results come back as the server's text: we parse only what we need, cheaper than pg's parsers. */
const RAW_TEXT: pg.CustomTypesConfig = { getTypeParser: (() => (value: string) => value) as never };

/**
 * Connects to Postgres, creates the store's tables in `schema` unless `migrate: false`, and
 * returns the store. close() ends the pool and completes live subscriptions.
 */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const schemaName = options.schema ?? 'eventstore';
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schemaName)) throw new Error(`Invalid schema name: ${schemaName}`);
  const maxAppendBatch = options.maxAppendBatch ?? 64;
  const appendBatchesInFlight = options.appendBatchesInFlight ?? 2;
  if (!Number.isSafeInteger(maxAppendBatch) || maxAppendBatch < 1) throw new RangeError(`maxAppendBatch must be a whole number >= 1`);
  if (!Number.isSafeInteger(appendBatchesInFlight) || appendBatchesInFlight < 1) {
    throw new RangeError(`appendBatchesInFlight must be a whole number >= 1`);
  }

  const clientConfig: pg.ClientConfig = { connectionString: options.connectionString, types: RAW_TEXT };
  const pool = new pg.Pool({ ...clientConfig, application_name: 'bt-event-store', max: options.poolSize ?? 10 });
  // An idle connection that breaks (server restart) is dropped by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const schema = `"${schemaName}"`;
  const ctx: StoreContext = { schemaName, schema, sql: storeSql(schema), pool, notifyAppended: appendNotifier(pool, schemaName) };
  const subscriptions = {
    clientConfig,
    pollIntervalMs: options.pollIntervalMs ?? 500,
    pageSize: options.subscriptionPageSize ?? 1000,
    live: new Set<() => void>(),
  };

  const store: PostgresEventStore = {
    schema: schemaName,

    async migrate() {
      // A Kysely over the store's pool, only to run the migrations (destroying it would end the pool).
      await migrateSchema(new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), schemaName, MIGRATIONS);
    },

    append: createGroupCommit(ctx, { maxAppendBatch, appendBatchesInFlight }),

    async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
      for (const { streamId, events } of appends) {
        if (events.length === 0) throw new TypeError(`append to ${streamId} needs at least one event`);
      }
      if (appends.length === 0) return [];
      const results: AppendResult[] = [];
      await appendInTransaction(ctx, appends, (_streamId, result) => results.push(result));
      return results;
    },

    async appendEach(appends: StreamAppends, options: AppendEachOptions = {}): Promise<AppendSummary> {
      let streams = 0;
      let position: Position | undefined;
      const count = (_streamId: string, result: AppendResult) => {
        streams++;
        if (position === undefined || comparePositions(result.position, position) > 0) position = result.position;
      };
      await appendInTransaction(ctx, appends, count, options.atomic ?? true);
      return { streams, position };
    },

    readStream: createGroupedReads(ctx, { maxGroup: maxAppendBatch, inFlight: appendBatchesInFlight }),
    readStreams: (streamIds, after) => readStreams(ctx, streamIds, after),
    readAll: ({ after, maxCount }) => readPage(ctx, after, maxCount),
    readAllPages: (after, pageSize) => pagesReadAhead((from, maxCount) => readPage(ctx, from, maxCount), after, pageSize),
    subscribeAll: ({ after }) => subscribeAll(ctx, subscriptions, after),
    headPosition: () => headPosition(ctx),

    async deleteStreams(streamIds) {
      if (streamIds.length === 0) return;
      const ids = [...new Set(streamIds)];
      const client = await pool.connect();
      try {
        await client.query('begin');
        // The streams' rows first: an append racing the erasure waits on them, then starts the stream afresh.
        await client.query(`delete from ${schema}.streams where stream_id = any($1::text[])`, [ids]);
        await client.query(`delete from ${schema}.events where stream_id = any($1::text[])`, [ids]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async close() {
      for (const complete of [...subscriptions.live]) complete();
      await pool.end();
    },
  };

  if (options.migrate ?? true) await store.migrate();
  return store;
}
