/**
 * Measures a rebuild against a raw sequential read (readAllPages) of the same log:
 *   tsx projector/src/testing/bench-rebuild.ts [events=200000] [users=events/1000]
 * Starts a throwaway embedded Postgres (durable settings, as the launcher's), bulk-loads a
 * generated history into the Postgres event store, then times both.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPostgresEventStore, START, startEmbeddedPostgres } from '@bt/event-store';
import { unusedPort } from '@bt/event-store/testing';
import { keptSecret } from '@bt/platform';
import { rebuildReadModels } from '../rebuild';
import { bulkAppend } from './database';
import { generateHistory } from './generate';

const events = Number(process.argv[2] ?? 200_000);
const users = Number(process.argv[3] ?? Math.max(1, Math.round(events / 1000)));
// BENCH_DATA_DIR keeps the cluster (and its loaded log) between runs.
const keep = process.env.BENCH_DATA_DIR;
const server = await startEmbeddedPostgres({
  dataDir: keep ?? (await mkdtemp(join(tmpdir(), 'bt-bench-projector-'))),
  port: keep ? Number(process.env.BENCH_PORT ?? 47999) : await unusedPort(),
  persistent: keep !== undefined,
  // A kept cluster keeps its password beside it (one made before it had one is still on 'postgres').
  ...(keep ? { password: await keptSecret(`${keep}.password`), formerPasswords: ['postgres'] } : {}),
});
try {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const exists = (await admin.query(`select 1 from pg_database where datname = 'bench'`)).rowCount;
  if (!exists) await admin.query('create database bench');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/bench');
  const store = await createPostgresEventStore({ connectionString: url });
  const pool = new pg.Pool({ connectionString: url });
  let t = performance.now();
  if (!exists) {
    const history = generateHistory({ users, events });
    console.log(`generated ${history.length} events for ${users} users in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await bulkAppend(pool, history);
    await pool.query('vacuum analyze eventstore.events');
    console.log(`loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  await pool.end();
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

  for (let round = 1; round <= rounds; round++) {
    t = performance.now();
    let after = START;
    if (process.env.BENCH_SKIP_READ) after = await store.headPosition();
    let n = 0;
    for await (const page of store.readAllPages(after, 5000)) n += page.length;
    const readSeconds = (performance.now() - t) / 1000;
    console.log(`raw read: ${n} events in ${readSeconds.toFixed(2)} s = ${Math.round(n / readSeconds)} events/s`);

    const result = await rebuildReadModels({
      store,
      databaseUrl: url,
      fresh: true,
      progress: process.stderr.isTTY,
      flushEveryEvents: process.env.BENCH_FLUSH_EVERY ? Number(process.env.BENCH_FLUSH_EVERY) : undefined,
    });
    console.log(
      `rebuild: ${result.events} events in ${result.seconds.toFixed(2)} s = ${result.eventsPerSecond} events/s (${(result.seconds / readSeconds).toFixed(2)}x readAll) ${JSON.stringify(result.timings)}`,
    );
  }
  await store.close();
} finally {
  await server.stop();
}
