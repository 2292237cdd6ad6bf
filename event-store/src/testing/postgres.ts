/**
 * The one shared setup for tests that need a real Postgres (`*.int.test.ts` in every workspace):
 *
 * ```ts
 * import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
 * let db: TestDatabase;
 * before(async () => { db = await createTestDatabase(); });  // fresh, empty database
 * after(() => db.drop());
 * ```
 *
 * With `DATABASE_URL` set, databases are created on that server. Otherwise one embedded Postgres
 * per mocha process is started on first use (random free port, temporary directory, no fsync) and
 * stopped by a root-level `after` hook this module registers when a spec file imports it; process
 * exit hooks and a watchdog (see `embedded.ts`) cover runs that end any other way.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../postgres/embedded';
import { unusedPort } from '../postgres/ports';

export interface TestDatabase {
  /** Connection string of the fresh database. */
  url: string;
  name: string;
  /** Drops the database, disconnecting any client still on it. Safe to call twice. */
  drop(): Promise<void>;
}

let embedded: Promise<RunningPostgres> | undefined;

/** How long a drop waits for clients that are already leaving before it disconnects the rest. */
const DROP_GRACE_MS = 1000;

/** Creates a fresh, uniquely named, empty database on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = await testServerUrl();
  // pid + time + randomness: parallel mocha processes sharing one DATABASE_URL never collide.
  const name = `test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // template0: CREATE DATABASE from template1 fails while anyone else is connected to template1.
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE template0`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withClient(serverUrl, async (c) => {
        // A pool's end() resolves before its connections have left the server: FORCE would then
        // terminate them mid-goodbye, and the pool would throw that error where nobody listens.
        const deadline = Date.now() + DROP_GRACE_MS;
        const connected = async () =>
          (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0].n;
        while ((await connected()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
}

/** URL of the server test databases are created on (`DATABASE_URL`, or the embedded one, started now if needed). */
export async function testServerUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  embedded ??= startTestServer();
  embedded.catch(() => (embedded = undefined)); // a failed start is retried by the next caller
  return (await embedded).url;
}

/** Stops the embedded test server if one runs (the root hook below calls it; callable directly too). */
export async function stopTestServer(): Promise<void> {
  const running = embedded;
  embedded = undefined;
  if (!running) return;
  const server = await running.catch(() => undefined);
  if (!server) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    server.stop(),
    // Never let a stuck shutdown hang mocha; the exit hook and the watchdog still stop the server.
    new Promise((done) => (timer = setTimeout(done, 15_000))),
  ]).finally(() => clearTimeout(timer));
}

// Mocha's BDD globals exist while spec files load: an `after` called now belongs to the root suite,
// so it runs once, after every test of the process.
if (typeof after === 'function') after(stopTestServer);

async function startTestServer(): Promise<RunningPostgres> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bt-test-pg-'));
  // Throwaway data: durability settings off make creating databases and appending much faster.
  const settings = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
  for (let attempt = 1; ; attempt++) {
    try {
      // Another process may take the port between our probe and postgres binding it: retry.
      return await startEmbeddedPostgres({ dataDir, port: await unusedPort(), persistent: false, settings });
    } catch (e) {
      if (attempt === 3) {
        await rm(dataDir, { recursive: true, force: true });
        throw e;
      }
    }
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
