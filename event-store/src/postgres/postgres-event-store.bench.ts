/**
 * Throughput of the Postgres adapter on an embedded server with the launcher's (durable) settings:
 *
 *   npx tsx event-store/src/postgres/postgres-event-store.bench.ts [events to read, default 1000000]
 *
 * 1. single-event appends from 32 concurrent callers, each to its own stream with exact revisions;
 * 2. reading the whole log, after a bulk load of realistic events (compact JSON, as appends store
 *    it): paging with readAll, and with readAllPages (what a rebuild calls), two rounds each,
 *    interleaved, with the CPU time each side spent per event (Node: this process; Postgres: the
 *    server's processes, from /proc) — on a shared machine the rate varies, the CPU split much less;
 * 3. a subscription catching up on the same log.
 *
 * Measured (2 shared cores, other work running; three runs each, 1,010,000 events):
 *   jsonb columns, to_char, pg's row path: readAll 85,000-109,000/s (Node ~8-9 us/event,
 *     Postgres ~7 us/event); subscription catch-up 83,000-88,000/s.
 *   json columns, binary COPY decoded as it arrives (this adapter): readAllPages(START, 5000)
 *     143,000-200,000/s, readAll with the next page read ahead 94,000-195,000/s (Node 4.7-7
 *     us/event, Postgres 2-3 us/event); subscription catch-up 126,000-186,000/s. Node is the
 *     limit: JSON.parse of data and metadata is ~2.5 us of its time (the same read without it ran
 *     at 227,000-253,000/s).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { firstValueFrom, skip } from 'rxjs';
import { START, type EventStore, type Position, type RecordedEvent } from '../port';
import { startEmbeddedPostgres } from './embedded';
import { unusedPort } from './ports';
import { createPostgresEventStore } from './postgres-event-store';

const total = Number(process.argv[2] ?? 1_000_000);
const dataDir = await mkdtemp(join(tmpdir(), 'bt-bench-pg-'));
const server = await startEmbeddedPostgres({ dataDir, port: await unusedPort(), persistent: false });
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
       (SELECT row_to_json(d) FROM (SELECT gen_random_uuid() AS "userId", gen_random_uuid() AS "betId", i % 500 AS stake,
          -110 AS odds, 'NFL' AS sport, 'Chiefs -3.5 vs Raiders' AS description, '2024-01-01' AS date) d),
       (SELECT row_to_json(m) FROM (SELECT now() AS "occurredAt", gen_random_uuid() AS "commandId", 1 + i * 0 AS "schemaVersion") m)
     FROM generate_series(1, $1::int) i`,
    [total],
  );
  await loader.query('VACUUM ANALYZE eventstore.events');
  await loader.end();

  const pgCpu = postgresCpu(dataDir);
  const readers: [string, () => AsyncIterable<RecordedEvent[]>][] = [
    ['readAll pages of 1000', () => pagesOf(store, 1000)],
    ['readAll pages of 5000', () => pagesOf(store, 5000)],
    ['readAllPages(START, 1000)', () => store.readAllPages(START, 1000)],
    ['readAllPages(START, 5000)', () => store.readAllPages(START, 5000)],
  ];
  for (const round of [1, 2]) {
    for (const [name, read] of readers) {
      let events = 0;
      const cpu = process.cpuUsage();
      const pgBefore = pgCpu();
      const t = performance.now();
      for await (const page of read()) events += page.length;
      const ms = performance.now() - t;
      const node = process.cpuUsage(cpu);
      const pgMs = pgCpu() - pgBefore;
      const split =
        `Node ${((node.user + node.system) / events).toFixed(1)} us/event` +
        (Number.isNaN(pgMs) ? '' : `, Postgres ${((pgMs * 1000) / events).toFixed(1)} us/event`);
      console.log(`${name}, round ${round}: ${events.toLocaleString('en-US')} events at ${rate(events, ms)} (${split})`);
    }
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

/** Paging with readAll, as callers did before readAllPages (readAll reads the next page ahead too). */
async function* pagesOf(store: EventStore, maxCount: number): AsyncGenerator<RecordedEvent[]> {
  for (let after: Position = START; ;) {
    const page = await store.readAll({ after, maxCount });
    if (page.length === 0) return;
    after = page[page.length - 1].position;
    yield page;
  }
}

/** CPU time (ms) used so far by the server's processes (postmaster, its children, ended ones too); NaN off Linux. */
function postgresCpu(dataDir: string): () => number {
  const statOf = (pid: string) => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' '); // fields from the 3rd on
    } catch {
      return undefined; // ended meanwhile
    }
  };
  return () => {
    try {
      const postmaster = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0];
      let ticks = 0;
      for (const pid of readdirSync('/proc')) {
        const stat = /^\d+$/.test(pid) ? statOf(pid) : undefined;
        if (!stat) continue;
        if (pid === postmaster) ticks += Number(stat[11]) + Number(stat[12]) + Number(stat[13]) + Number(stat[14]);
        else if (stat[1] === postmaster) ticks += Number(stat[11]) + Number(stat[12]);
      }
      return ticks * 10; // USER_HZ is 100
    } catch {
      return Number.NaN;
    }
  };
}

async function countEvents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM eventstore.events');
  await client.end();
  return Number(rows[0].n);
}
