/**
 * Throughput of the Postgres adapter on an embedded server with the launcher's (durable) settings:
 *
 *   npx tsx event-store/src/postgres/postgres-event-store.bench.ts [events to read, default 1000000]
 *
 * 1. single-event appends from 32 concurrent callers, each to its own stream with exact revisions;
 * 2. paging the whole log with readAll (as a rebuild does), after a bulk load of realistic events;
 * 3. a subscription catching up on the same log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { firstValueFrom, skip } from 'rxjs';
import { START, type Position } from '../port';
import { startEmbeddedPostgres } from './embedded';
import { createPostgresEventStore } from './postgres-event-store';

const total = Number(process.argv[2] ?? 1_000_000);
const dataDir = await mkdtemp(join(tmpdir(), 'bt-bench-pg-'));
const server = await startEmbeddedPostgres({ dataDir, port: 20000 + Math.floor(Math.random() * 20000), persistent: false });
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en-US')}/s`;
try {
  const store = await createPostgresEventStore({ connectionString: server.url });
  const metadata = { occurredAt: new Date().toISOString(), commandId: 'bench', schemaVersion: 1 };
  const data = { userId: crypto.randomUUID(), betId: crypto.randomUUID(), stake: 50, odds: -110, sport: 'NFL', description: 'Chiefs -3.5' };

  for (const round of [1, 2]) {
    const appends = 5000;
    let started = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async (_, caller) => {
        let revision: bigint | 'no_stream' = 'no_stream';
        while (started++ < appends) {
          revision = (await store.append(`bet-${round}-${caller}`, [{ type: 'BetAmended', data, metadata }], revision)).nextRevision;
        }
      }),
    );
    console.log(`appends, 32 concurrent callers, round ${round}: ${rate(appends, performance.now() - t)}`);
  }

  const loader = new pg.Client({ connectionString: server.url });
  await loader.connect();
  await loader.query(
    `INSERT INTO eventstore.events (stream_id, revision, id, type, data, metadata)
     SELECT 'bet-' || (i / 10), i % 10, gen_random_uuid(), 'BetPlaced',
       jsonb_build_object('userId', gen_random_uuid(), 'betId', gen_random_uuid(), 'stake', i % 500, 'odds', -110,
                          'sport', 'NFL', 'description', 'Chiefs -3.5 vs Raiders', 'date', '2024-01-01'),
       jsonb_build_object('occurredAt', now(), 'commandId', gen_random_uuid(), 'schemaVersion', 1)
     FROM generate_series(1, $1::int) i`,
    [total],
  );
  await loader.query('VACUUM ANALYZE eventstore.events');
  await loader.end();

  for (const maxCount of [1000, 5000]) {
    let read = 0;
    const t = performance.now();
    for (let after: Position = START; ; ) {
      const page = await store.readAll({ after, maxCount });
      if (page.length === 0) break;
      read += page.length;
      after = page[page.length - 1].position;
    }
    console.log(`readAll pages of ${maxCount}: ${read.toLocaleString('en-US')} events at ${rate(read, performance.now() - t)}`);
  }

  const all = await countEvents(server.url);
  const t = performance.now();
  await firstValueFrom(store.subscribeAll({ after: START }).pipe(skip(all - 1)));
  console.log(`subscription catch-up: ${all.toLocaleString('en-US')} events at ${rate(all, performance.now() - t)}`);
  await store.close();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

async function countEvents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM eventstore.events');
  await client.end();
  return Number(rows[0].n);
}
