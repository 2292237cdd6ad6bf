import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { LOG_POSITION_HEADER } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { rebuildReadModels } from '@bt/projector';
import { signToken } from '@bt/platform';
import { BENCH_SECRET } from './product';
import { startProductProcess } from './product-child';
import { bulkLoad, userHistory } from './generate';
import { benchBet, watchCheckpoint } from './visible';
import { send, summarise, type Latency } from './http-load';
import { sampleWaits } from './wait-sampler';
import { sampleCpu } from './cpu-sampler';

export interface FairnessOptions {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  dataDir: string;
  /** Rows of each of the three files the importing user sends back to back. */
  importRows: number;
  /** POST /api/bets of the 31 writers, in each of the two runs (with and without the imports). */
  writes: number;
  log: (line: string) => void;
}

interface Writers {
  /** From sending the write to the read models' checkpoint passing it (write-to-visible), and from its 2xx. */
  visible: Latency;
  lag: Latency;
  perSecond: number;
}

export interface FairnessResult {
  /** The same writers alone (the baseline) and while one user imports. */
  alone: Writers;
  importing: Writers;
  /** /readyz answers sampled every 250 ms while importing, and those that were not 200. */
  readyz: { samples: number; notReady: number };
  /** Seconds from the first POST of the three files to the last one's rows all visible: on the idle product, and under the writers. */
  idleImportSeconds: number;
  busyImportSeconds: number;
  /** How many rows of the three files were visible at the end (expected 3 × importRows). */
  busyImported: number;
}

const WRITERS = 31;

const csvOf = (rows: number, tag: string) =>
  [
    'date,sport,event,betType,odds,stake,outcome,notes',
    ...Array.from(
      { length: rows },
      (_, i) =>
        `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')},hockey,${tag} ${i},moneyline,+120,10,${i % 3 ? 'win' : 'loss'},`,
    ),
  ].join('\n');

/**
 * Bulk work is fair to everyone else: 31 users with 100 bets each write POST /api/bets as
 * in the live section (each waiting until the read models hold its write before the next), first
 * alone (the baseline), then while one more user imports three files of `importRows` rows back to
 * back; /readyz is asked every 250 ms meanwhile. The import's own time (first POST to every row
 * visible) is measured on the idle product first, by another user with the same files. The product
 * runs in a child process: in this one, the 31 clients' requests and answers shared its event loop
 * with the requests they timed.
 */
export async function fairness(options: FairnessOptions): Promise<FairnessResult> {
  const { pool, store, databaseUrl, dataDir, log } = options;
  const writers = Array.from({ length: WRITERS }, () => randomUUID());
  const idleImporter = randomUUID();
  const busyImporter = randomUUID();
  log(`  generating ${WRITERS} 100-bet users, then rebuilding...`);
  for (const [i, user] of writers.entries()) await bulkLoad(pool, 'eventstore', userHistory(user, 100, 40 + i));
  for (const [i, user] of [idleImporter, busyImporter].entries()) await bulkLoad(pool, 'eventstore', userHistory(user, 10, 80 + i));
  await rebuildReadModels({ store, databaseUrl, fresh: true, log: () => {} });

  const product = await startProductProcess(databaseUrl, dataDir);
  const watcher = await watchCheckpoint(databaseUrl);
  const waits = process.env.BENCH_FAIRNESS_WAITS === '1' ? await sampleWaits(databaseUrl) : undefined;
  const cpu = process.env.BENCH_FAIRNESS_CPU === '1' ? await sampleCpu(databaseUrl, product.pid) : undefined;
  const phase = (name: string) => {
    waits?.phase(name);
    cpu?.phase(name);
  };
  const token = (user: string) => `Bearer ${signToken(user, BENCH_SECRET)}`;
  // BENCH_FAIRNESS_TRACE: while one user imports, each write (sent at, ms to its 2xx, ms to visible)
  // and each of the import's steps (at, what), times in ms since the epoch, as the product's logs.
  const traceFile = process.env.BENCH_FAIRNESS_TRACE;
  const trace = { writes: [] as [number, number, number][], marks: [] as [number, string][] };
  try {
    const { visible } = watcher;

    const today = Date.now();
    const write = async (user: string, i: number) => {
      const body = benchBet('Fair', i, today);
      const t0 = performance.now();
      const res = await send(`${product.url}/api/bets`, {
        method: 'POST',
        headers: { authorization: token(user), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body,
      });
      const t1 = performance.now();
      if (res.status !== 201) throw new Error(`POST /api/bets: ${res.status} ${res.body.slice(0, 200)}`);
      await visible(res.headers[LOG_POSITION_HEADER.toLowerCase()] as string);
      const t2 = performance.now();
      if (traceFile) trace.writes.push([Date.now() - (t2 - t0), t1 - t0, t2 - t0]);
      return { visible: t2 - t0, lag: t2 - t1 };
    };
    /** The writers, `total` writes in all, until `until` resolves if given (then as many as it took). */
    let offset = 0;
    const runWriters = async (total: number, until?: Promise<unknown>): Promise<Writers> => {
      let done = until === undefined;
      void until?.then(() => (done = true));
      const samples = { visible: [] as number[], lag: [] as number[] };
      let next = 0;
      const started = performance.now();
      await Promise.all(
        writers.map(async (user) => {
          while (until ? !done : next < total) {
            const t = await write(user, offset + next++);
            samples.visible.push(t.visible);
            samples.lag.push(t.lag);
          }
        }),
      );
      offset += next;
      return { visible: summarise(samples.visible), lag: summarise(samples.lag), perSecond: next / ((performance.now() - started) / 1000) };
    };

    /** Three files back to back, each answered 200; resolves once every row is visible (the user's hold released). */
    const importThree = async (user: string, tag: string) => {
      const started = performance.now();
      for (let f = 0; f < 3; f++) {
        const key = `${tag}-${f}`;
        trace.marks.push([Date.now(), `${tag}: file ${f} sent`]);
        const res = await send(`${product.url}/api/import/bets`, {
          method: 'POST',
          headers: { authorization: token(user), 'content-type': 'text/csv', 'idempotency-key': key },
          body: csvOf(options.importRows, `${tag} file ${f}`),
        });
        if (res.status !== 200) throw new Error(`import: ${res.status} ${res.body.slice(0, 300)}`);
      }
      trace.marks.push([Date.now(), `${tag}: every file answered`]);
      for (;;) {
        const res = await send(`${product.url}/api/imports/${tag}-2`, { headers: { authorization: token(user) } });
        if (res.status === 200 && (JSON.parse(res.body) as { visible: boolean }).visible) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      trace.marks.push([Date.now(), `${tag}: every row visible`]);
      const seconds = (performance.now() - started) / 1000;
      const page = await send(`${product.url}/api/bets?page=1&pageSize=1`, { headers: { authorization: token(user) } });
      return { seconds, rows: (JSON.parse(page.body) as { total: number }).total - 10 };
    };

    // Warm-up, not counted: every writer's state loaded, the JIT warm.
    await runWriters(WRITERS * 3);
    log('  the import alone, on the idle product...');
    phase('the import alone');
    const idle = await importThree(idleImporter, 'idle');
    log(`  ${idle.seconds.toFixed(1)} s; the writers alone...`);
    phase('the writers alone');
    const alone = await runWriters(options.writes);
    phase('the writers while one user imports');
    trace.writes.length = 0;
    log('  the writers while one user imports...');
    const readyz = { samples: 0, notReady: 0 };
    let importing = true;
    const sampling = (async () => {
      while (importing) {
        const res = await send(`${product.url}/readyz`);
        readyz.samples += 1;
        if (res.status !== 200) readyz.notReady += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const busyImport = importThree(busyImporter, 'busy');
    const duringImport = await runWriters(0, busyImport);
    const busy = await busyImport;
    importing = false;
    await sampling;
    if (traceFile) writeFileSync(traceFile, JSON.stringify(trace));
    return {
      alone,
      importing: duringImport,
      readyz,
      idleImportSeconds: idle.seconds,
      busyImportSeconds: busy.seconds,
      busyImported: busy.rows,
    };
  } finally {
    if (waits) for (const line of await waits.stop()) log(line);
    if (cpu) for (const line of cpu.stop()) log(line);
    await watcher.close();
    await product.stop();
  }
}
