import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { checkAnswer, parseEvent, type AuthResponse } from '@bt/contracts';
import { createPostgresEventStore, type EventStore, type RecordedEvent, START } from '@bt/event-store';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createDb, loggerTo } from '@bt/platform';
import { createCommandApi, migrateCommandSchema, type CommandApiDeps } from '../app';
import { createUnitSizes, type UnitSizes } from '../settings/unit-sizes';
import type { CommandDatabase } from '../db/schema';

export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  /** A plain value is sent as JSON; a string is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A running command-api on a fresh database, reached over a real socket. */
export interface TestApi {
  url: string;
  /** The test database's connection string. */
  databaseUrl: string;
  store: EventStore;
  db: Kysely<CommandDatabase>;
  pool: pg.Pool;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<Answer<T>>;
  /** Registers a fresh user; its token and id. */
  signUp(name?: string): Promise<{ token: string; userId: string; email: string; password: string }>;
  /** Every event of a stream. */
  stream(streamId: string): Promise<RecordedEvent[]>;
  /** Stops the server and starts another process's worth of command-api (nothing kept in memory) on the same database, at a new url. */
  restart(): Promise<void>;
  /** Stops everything, after checking that every event the tests caused matches its contracts schema. */
  close(): Promise<void>;
}

let users = 0;

/**
 * Starts command-api on a fresh test database (argon2 kept cheap, no sign-in limits unless given).
 * `wrapStore` lets a test stand between the api and the real store; `cacheUnitSizes` gives it the
 * unit sizes of a deployed process (kept, with a LISTEN connection) rather than a read per bet.
 */
export const startTestApi = async (
  deps: Partial<CommandApiDeps> & { wrapStore?: (store: EventStore) => EventStore; cacheUnitSizes?: boolean } = {},
): Promise<TestApi> => {
  const database: TestDatabase = await createTestDatabase();
  const store = await createPostgresEventStore({ connectionString: database.url });
  const { pool, db } = createDb<CommandDatabase>(database.url, 5);
  await migrateCommandSchema(db);
  const { wrapStore, cacheUnitSizes, ...rest } = deps;
  let unitSizes: UnitSizes | undefined;
  let server: Server;
  let url = '';
  /** A command-api process of its own (what it keeps in memory starts empty) on the test database. */
  const listen = async () => {
    unitSizes = cacheUnitSizes
      ? createUnitSizes({ store, db, newClient: () => new pg.Client({ connectionString: database.url }) })
      : undefined;
    const app = createCommandApi({
      unitSizes,
      store: wrapStore ? wrapStore(store) : store,
      db,
      pool,
      jwtSecret: JWT_SECRET,
      signInLimits: false,
      passwordCost: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      log: () => undefined,
      logger: loggerTo(() => undefined, 'silent'), // tests of 5xx answers need no stack on the console
      ...rest,
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await unitSizes?.close();
  };
  await listen();

  const request = async <T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> => {
    const headers = new Headers(options.headers);
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', typeof options.body === 'string' ? 'text/plain' : 'application/json');
    }
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    // Every answer of the HTTP tests must be what the OpenAPI document (contracts' API_ROUTES) says.
    const wrong = checkAnswer({ method, path, status: response.status, contentType: response.headers.get('content-type'), body: parsed });
    if (wrong) throw new Error(`answer differs from the OpenAPI document: ${wrong}`);
    return { status: response.status, body: parsed as T, headers: response.headers };
  };

  return {
    get url() {
      return url;
    },
    databaseUrl: database.url,
    store,
    db,
    pool,
    request,
    async signUp(name = 'user') {
      users += 1;
      const email = `${name}.${users}.${Date.now()}@example.com`;
      const password = 'secret-password';
      const answer = await request<AuthResponse>('POST', '/api/auth/register', { body: { email, password, username: name } });
      if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { token: answer.body.token, userId: answer.body.user.id, email, password };
    },
    stream: (streamId) => store.readStream(streamId),
    async restart() {
      await stop();
      await listen();
    },
    async close() {
      await stop();
      try {
        for (const event of await store.readAll({ after: START, maxCount: 1_000_000 })) {
          parseEvent(event.type, event.data);
          if (typeof event.metadata.occurredAt !== 'string' || typeof event.metadata.commandId !== 'string') {
            throw new Error(`event ${event.id} lacks occurredAt or commandId`);
          }
        }
      } finally {
        await store.close();
        await db.destroy();
        await database.drop();
      }
    },
  };
};
