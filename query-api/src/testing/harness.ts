/**
 * One running query-api for integration tests, on the real path: a fresh Postgres database, the
 * Postgres event store, the read models' migrations, the app over a real socket and, when given,
 * a live projector (query-api does not import the projector: launcher/src/testing/query-harness.ts
 * passes it). Tests record a user's events (built with read-models' `EventLog`) into the store and
 * read them back over HTTP, as the browser does, with X-Min-Position.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { checkAnswer } from '@bt/contracts';
import { createPostgresEventStore, type EventStore, formatPosition, type PostgresEventStore, type RecordedEvent } from '@bt/event-store';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createDb, signToken } from '@bt/platform';
import { migrateReadModels } from '@bt/read-models';
import { createQueryApi, type QueryApi } from '../app';
import type { HeavyReadLimits } from '../heavy-reads';
import type { ReadDatabase } from '../read-db';

export const TEST_SECRET = 'query-api-test-secret-0123456789abcdef';

export interface HarnessOptions {
  /** Now, for "today" (default: the real clock). */
  clock?: () => Date;
  maxWaitMs?: number;
  /** Starts a live projector on the test's store and database (none when absent: tests that drive the checkpoint by hand). */
  startProjector?: (store: PostgresEventStore, databaseUrl: string) => Promise<TestProjector>;
  /** Turns for heavy reads; the app's defaults unless given. */
  heavyReads?: HeavyReadLimits;
  /** Lets a test stand between the app and the real store (the projector and `record` use the store itself). */
  wrapStore?: (store: EventStore) => EventStore;
  /** Replay threads connected to the test database (default: none, replays on the main thread). */
  replayThreads?: number;
  /** /readyz's bound on the projector's lag (default READY_MAX_PROJECTOR_LAG's). */
  readyMaxProjectorLag?: number;
  /** PROJECTOR_PARTITIONS the app is told (default 1); tests start the partitions' projectors themselves. */
  projectorPartitions?: number;
}

/** What the harness needs of a running projector. */
export interface TestProjector {
  /** Resolves once everything appended so far is projected. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface Harness {
  url: string;
  database: TestDatabase;
  store: PostgresEventStore;
  db: Kysely<ReadDatabase>;
  pool: pg.Pool;
  app: QueryApi;
  projector: TestProjector | undefined;
  /** Appends events (in order; a run on one stream in one append) and returns the log position after them. */
  record(events: readonly RecordedEvent[]): Promise<string>;
  /** Resolves once the projector has written everything appended so far (however long that takes on a busy machine). */
  settle(): Promise<void>;
  /** GET with the user's bearer token (none when userId is null) and, when given, X-Min-Position. */
  get(path: string, userId: string | null, minPosition?: string, headers?: Record<string, string>): Promise<Response>;
  /** GET and parse JSON, failing the test on a non-200 answer. */
  json<T = unknown>(path: string, userId: string, minPosition?: string): Promise<T>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const store = await createPostgresEventStore({ connectionString: database.url, poolSize: 4 });
  const { pool, db } = createDb<ReadDatabase>(database.url, 6);
  await migrateReadModels(db, 'read');
  const projector = await options.startProjector?.(store, database.url);
  const app = createQueryApi({
    db,
    pool,
    store: options.wrapStore ? options.wrapStore(store) : store,
    jwtSecret: TEST_SECRET,
    clock: options.clock,
    maxWaitMs: options.maxWaitMs,
    heavyReads: options.heavyReads,
    readyMaxProjectorLag: options.readyMaxProjectorLag,
    projectorPartitions: options.projectorPartitions,
    replayWorkers: options.replayThreads
      ? { eventStoreUrl: database.url, databaseUrl: database.url, threads: options.replayThreads }
      : undefined,
  });
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const get = async (path: string, userId: string | null, minPosition?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, {
      headers: {
        ...(userId ? { Authorization: `Bearer ${signToken(userId, TEST_SECRET)}` } : {}),
        ...(minPosition ? { 'X-Min-Position': minPosition } : {}),
        ...headers,
      },
    });
    // Every answer must be what the OpenAPI document (contracts' API_ROUTES) says; a streamed
    // answer (CSV, NDJSON) is checked by its type only, so the test still reads it as it comes.
    const contentType = response.headers.get('content-type');
    const body = contentType?.startsWith('application/json') ? JSON.parse(await response.clone().text()) : undefined;
    const wrong = checkAnswer({ method: 'GET', path, status: response.status, contentType, body });
    if (wrong) throw new Error(`answer differs from the OpenAPI document: ${wrong}`);
    return response;
  };

  return {
    url,
    database,
    store,
    db,
    pool,
    app,
    projector,
    get,

    async record(events) {
      let position = '';
      for (let i = 0; i < events.length;) {
        let j = i + 1;
        while (j < events.length && events[j].streamId === events[i].streamId) j++;
        const run = events.slice(i, j).map((e) => ({ type: e.type, data: e.data, metadata: e.metadata }));
        position = formatPosition((await store.append(events[i].streamId, run, 'any')).position);
        i = j;
      }
      return position;
    },

    settle: async () => {
      if (!projector) throw new Error('settle() needs the projector');
      await projector.caughtUp();
    },

    async json<T>(path: string, userId: string, minPosition?: string): Promise<T> {
      const response = await get(path, userId, minPosition);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body}`);
      return JSON.parse(body) as T;
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await projector?.stop();
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}
