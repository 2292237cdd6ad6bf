import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { createPostgresEventStore, formatPosition, START, startEmbeddedPostgres } from '@bt/event-store';
import { replayUserInSlices } from '@bt/read-models';
import { createDb, signToken } from '@bt/platform';
import { createQueryApi } from '@bt/query-api';
import { CSV_MAX_ROWS, READ_MODELS_BEHIND_HEADER } from '@bt/contracts';
import { BENCH_SECRET, startBenchProduct } from './product';
import { bulkLoad, population, userHistory } from './generate';
import { load, merged, send, summarise, type Run } from './http-load';
import { startAggregateBaseline } from './aggregate-baseline';
import { webBudget } from './web-budget';
import { composeNodeArgs, importScenarios } from './import';
import { liveProjection } from './live';
import { fairness } from './fairness';
import { serve } from './serve';
import { catchUpLatency } from './catch-up';
import { LIFTED, LOGINS, REPLAYS, throttleScenarios, WRONG } from './throttle';
import { sections } from './command-line';

/**
 * What `npm run bench` runs (run.ts, once the command line is read: command-line.ts): the sections asked
 * for, every figure printed beside a baseline measured in the same run, on this machine.
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const BIG_USER_BETS = Number(process.env.BENCH_BIG_USER_BETS ?? 100_000);
const READS = Number(process.env.BENCH_READS ?? 2_000);
const WRITES = Number(process.env.BENCH_WRITES ?? 10_000);
/** Rounds of the writes section, each a health check then a share of the writes. */
const WRITE_ROUNDS = 4;
const REPLAY_USER_BETS = Number(process.env.BENCH_REPLAY_USER_BETS ?? 20_000);
const THROTTLE_SECONDS = Number(process.env.BENCH_THROTTLE_SECONDS ?? 10);
const LIVE_WRITES = Number(process.env.BENCH_LIVE_WRITES ?? 5_000);
/** Writes a second of the live section's open loop (ten seconds of it). */
const LIVE_OPEN_RATE = Number(process.env.BENCH_LIVE_OPEN_RATE ?? 300);
/** Rows of each of the three files the `fairness` section's user imports, and the 31 writers' POSTs in its baseline. */
const FAIRNESS_ROWS = Number(process.env.BENCH_FAIRNESS_ROWS ?? 50_000);
const FAIRNESS_WRITES = Number(process.env.BENCH_FAIRNESS_WRITES ?? 3_000);
/** Events the `catchup` section generates when the log is empty (otherwise it catches up on what is there). */
const CATCHUP_EVENTS = Number(process.env.BENCH_CATCHUP_EVENTS ?? 200_000);
/** The user of the `replay` section (asOf from snapshots): the big user's size unless given. */
const SNAPSHOT_USER_BETS = Number(process.env.BENCH_REPLAY_USER_BETS ?? BIG_USER_BETS);
const wants = (name: string) => sections.length === 0 || sections.includes(name);

const rows: string[][] = [];
const report = (what: string, figure: string, baseline: string, ratio: string, target: string) => {
  rows.push([what, figure, baseline, ratio, target]);
  console.log(`  ${what}: ${figure} | baseline ${baseline} | ${ratio} | target ${target}`);
};
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => `${fmt(n, 2)} ms`;

const dir = mkdtempSync(join(tmpdir(), 'bt-bench-'));
chmodSync(dir, 0o755); // Postgres runs as its own OS user when we are root
const pgPort = 30000 + Math.floor(Math.random() * 20000);
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${fmt(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
const server = await startEmbeddedPostgres({
  dataDir: join(dir, 'pg'),
  port: pgPort,
  persistent: false,
  settings: { shared_buffers: '1GB', max_wal_size: '4GB', checkpoint_timeout: '30min' },
});
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
await admin.query('create database bench');
await admin.end();
const databaseUrl = server.url.replace(/\/postgres$/, '/bench');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const store = await createPostgresEventStore({ connectionString: databaseUrl });

try {
  if (wants('rebuild')) {
    console.log(`\nrebuild: generating ${fmt(EVENTS)} events over ${fmt(USERS)} users...`);
    const loaded = await bulkLoad(pool, 'eventstore', population(USERS, EVENTS));
    await pool.query('vacuum analyze eventstore.events');
    console.log(`  loaded ${fmt(loaded)} events`);

    // Baseline: the same events read sequentially, in the same pages the rebuild reads.
    const t = performance.now();
    let read = 0;
    for await (const page of store.readAllPages(START, 5000)) read += page.length;
    const rawPerSecond = read / ((performance.now() - t) / 1000);

    // The rebuild as an operator runs it (`npm run projections:rebuild -- --fresh`: its own process,
    // under its node flags); it prints its events/s, timings and peak RSS.
    const rebuild = await new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'projector/src/rebuild-cli.ts', '--fresh'], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let said = '';
      child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
      child.on('exit', (code) => (code === 0 ? done(said) : fail(new Error(`rebuild exited with ${code}:\n${said}`))));
    });
    const [, events, seconds] = /rebuild: (\d+) events in ([\d.]+) s/.exec(rebuild) ?? [];
    const [timings = '', peakRss] = /rebuild: (read .*); peak RSS (\d+) MB/.exec(rebuild)?.slice(1) ?? [];
    const rebuildPerSecond = Number(events) / Number(seconds);
    console.log(`  rebuild timings: ${timings}`);
    report(
      `rebuild of ${fmt(Number(events))} events (every read model; \`projections:rebuild\` in its own process)`,
      `${fmt(rebuildPerSecond)} events/s, peak RSS ${fmt(Number(peakRss))} MB`,
      `raw read ${fmt(rawPerSecond)} events/s`,
      `${fmt(rawPerSecond / rebuildPerSecond, 2)}x slower than raw`,
      '>= 100,000 events/s, within 3x',
    );
  }

  if (wants('reads') || wants('analytics') || wants('pages') || wants('writes')) {
    const secret = BENCH_SECRET;
    const product = await startBenchProduct(databaseUrl, dir);
    try {
      const small = '00000000-0000-7000-8000-000000000100';
      const big = '00000000-0000-7000-8000-000000100000';
      let head = '';
      const auth = (user: string) => ({ authorization: `Bearer ${signToken(user, secret)}`, 'x-min-position': head });
      const measure = async (user: string, path: string, base = product.url) =>
        load(READS, 1, () => ({ url: `${base}${path}`, headers: auth(user) }), 200);
      if (wants('reads') || wants('analytics') || wants('pages')) {
        console.log(`\nreads: a user with 100 bets and one with ${fmt(BIG_USER_BETS)}...`);
        await bulkLoad(pool, 'eventstore', userHistory(small, 100, 7));
        await bulkLoad(pool, 'eventstore', userHistory(big, BIG_USER_BETS, 8));
        head = formatPosition(await store.headPosition());
        // Wait until the projector has the users (a read with X-Min-Position waits, bounded; repeat until caught up).
        for (let i = 0; i < 600; i++) {
          const r = await send(`${product.url}/api/stats`, { headers: auth(big) });
          // Caught up: no X-Read-Models-Behind (the read did not stop waiting at its bound short of the head).
          if (r.status === 200 && JSON.parse(r.body).record?.wins > 0 && r.headers[READ_MODELS_BEHIND_HEADER.toLowerCase()] === undefined)
            break;
          await new Promise((ok) => setTimeout(ok, 1000));
        }
      }
      if (wants('analytics')) {
        // Each breakdown for both users, then the same grouping as a scan of the user's bets rows
        // (what a read without the analytics read models would do), timed in this process.
        console.log(`\nanalytics: GET /api/analytics for the 100-bet and the ${fmt(BIG_USER_BETS)}-bet user...`);
        // Warm-up (connections, JIT, Postgres' caches), not counted.
        for (const user of [small, big])
          await load(200, 1, () => ({ url: `${product.url}/api/analytics?by=sport`, headers: auth(user) }), 200);
        for (const query of ['by=sport', 'by=tag', 'by=stakeSize', 'by=sport&period=30', 'by=sport&period=365']) {
          const a = await measure(small, `/api/analytics?${query}`);
          const b = await measure(big, `/api/analytics?${query}`);
          report(
            `GET /api/analytics?${query}, ${fmt(BIG_USER_BETS)}-bet user`,
            `p50 ${ms(b.p50)}, p99 ${ms(b.p99)}`,
            `100-bet user p50 ${ms(a.p50)}, p99 ${ms(a.p99)}`,
            `${fmt(b.p99 / a.p99, 2)}x the 100-bet user (p99)`,
            'p99 < 10 ms, <= 1.5x',
          );
        }
        const samples: number[] = [];
        for (let i = 0; i < 50; i++) {
          const t0 = performance.now();
          await pool.query(
            `select sport, count(*), sum(stake_at_risk), sum(profit), avg(decimal_odds), avg(clv) from read.bets
             where user_id = $1 and parlay_id is null group by sport`,
            [big],
          );
          samples.push(performance.now() - t0);
        }
        const scan = summarise(samples);
        report(
          `a scan of the ${fmt(BIG_USER_BETS)}-bet user's bets grouped by sport (SQL, no analytics read model)`,
          `p50 ${ms(scan.p50)}, p99 ${ms(scan.p99)}`,
          '-',
          '-',
          'none (what the read models save)',
        );
      }
      if (wants('pages')) {
        // Bet History's pages (GET /api/bets?page=) for both users: the 100-bet user's is the baseline.
        console.log(`\npages: GET /api/bets?page= for the 100-bet and the ${fmt(BIG_USER_BETS)}-bet user...`);
        // The projector has just written every row: vacuum as autovacuum soon would on a live system, so
        // the visibility map lets a page's ids come from the index alone (the steady state measured).
        await pool.query('vacuum analyze read.bets');
        for (const user of [small, big]) await load(200, 1, () => ({ url: `${product.url}/api/bets?page=1`, headers: auth(user) }), 200);
        const pages: [string, string][] = [
          ['default page (page 1, newest first, all time)', 'page=1&period=all'],
          ["a late page (page 1000, the 100-bet user's last)", 'page=1000&period=all'],
          ['filtered and searched (basketball wins, last 365 days, "game 1")', 'page=1&sport=basketball&outcome=win&period=365&q=game%201'],
          ['sorted by profit, highest first', 'page=1&period=all&sort=profit&dir=desc'],
        ];
        for (const [what, query] of pages) {
          const path = `/api/bets?${query}`;
          const bytes = async (user: string) => Buffer.byteLength((await send(`${product.url}${path}`, { headers: auth(user) })).body);
          const a = await measure(small, path);
          const b = await measure(big, path);
          report(
            `GET /api/bets: ${what}, ${fmt(BIG_USER_BETS)}-bet user (${fmt(await bytes(big))} bytes)`,
            `p50 ${ms(b.p50)}, p99 ${ms(b.p99)}`,
            `100-bet user p50 ${ms(a.p50)}, p99 ${ms(a.p99)} (${fmt(await bytes(small))} bytes)`,
            `${fmt(b.p99 / a.p99, 2)}x the 100-bet user (p99)`,
            'p99 < 10 ms, <= 1.5x, < 20 KB',
          );
        }
      }
      if (wants('reads')) {
        const baseline = await startAggregateBaseline(databaseUrl);
        try {
          const s100 = await measure(small, '/api/stats');
          const sBig = await measure(big, '/api/stats');
          const aggBig = await measure(big, '/baseline/stats', baseline.url);
          const agg100 = await measure(small, '/baseline/stats', baseline.url);
          // The session check (revocation): two bare query-apis on the same read models, one checking
          // each token's session generation (cached, kept fresh by LISTEN), one checking only the
          // signature. Interleaved rounds, the first of each discarded as warm-up.
          {
            const reads = createDb<any>(databaseUrl, 4);
            const checked = createQueryApi({ db: reads.db, pool: reads.pool, store, jwtSecret: secret });
            const signatureOnly = createQueryApi({ db: reads.db, pool: reads.pool, store, jwtSecret: secret, sessions: 'signature-only' });
            const [a, b] = await Promise.all([serve(checked.callback()), serve(signatureOnly.callback())]);
            try {
              const rounds: { check: Awaited<ReturnType<typeof measure>>; bare: Awaited<ReturnType<typeof measure>> }[] = [];
              for (let round = 0; round < 4; round++) {
                rounds.push({ check: await measure(small, '/api/stats', a.url), bare: await measure(small, '/api/stats', b.url) });
              }
              const median = (pick: (r: (typeof rounds)[number]) => number) =>
                rounds
                  .slice(1)
                  .map(pick)
                  .sort((x, y) => x - y)[1];
              const check = { p50: median((r) => r.check.p50), p99: median((r) => r.check.p99) };
              const bare = { p50: median((r) => r.bare.p50), p99: median((r) => r.bare.p99) };
              report(
                'GET /api/stats with the session check (revocation), 100-bet user',
                `p50 ${ms(check.p50)}, p99 ${ms(check.p99)}`,
                `signature only p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}`,
                `${fmt(check.p50 - bare.p50, 3)} ms at p50`,
                'no extra round trip (cache hit)',
              );
            } finally {
              await Promise.all([a.stop(), b.stop()]);
              await Promise.all([checked.close(), signatureOnly.close()]);
              await reads.db.destroy();
            }
          }
          report(
            'GET /api/stats, 100-bet user',
            `p50 ${ms(s100.p50)}, p99 ${ms(s100.p99)}`,
            `SQL aggregate p50 ${ms(agg100.p50)}, p99 ${ms(agg100.p99)}`,
            `${fmt(agg100.p99 / s100.p99, 1)}x faster (p99)`,
            'p99 < 5 ms',
          );
          report(
            `GET /api/stats, ${fmt(BIG_USER_BETS)}-bet user`,
            `p50 ${ms(sBig.p50)}, p99 ${ms(sBig.p99)}`,
            `SQL aggregate p50 ${ms(aggBig.p50)}, p99 ${ms(aggBig.p99)}`,
            `${fmt(aggBig.p99 / sBig.p99, 1)}x faster (p99); ${fmt(sBig.p99 / s100.p99, 2)}x the 100-bet user`,
            'p99 < 5 ms, <= 1.5x the 100-bet user, >= 20x faster',
          );
          for (const path of ['/api/stats/streaks', '/api/goals']) {
            const a = await measure(small, path);
            const b = await measure(big, path);
            report(
              `GET ${path}, ${fmt(BIG_USER_BETS)}-bet user`,
              `p50 ${ms(b.p50)}, p99 ${ms(b.p99)}`,
              `100-bet user p50 ${ms(a.p50)}, p99 ${ms(a.p99)}`,
              `${fmt(b.p99 / a.p99, 2)}x the 100-bet user`,
              'p99 < 5 ms, <= 1.5x',
            );
          }
          // For analysts: the big user's record replayed from their events (asOf), and all their
          // events as NDJSON, each against a raw batched read of the same streams in this process.
          const { rows } = await pool.query<{ stream_id: string }>('select stream_id from read.user_streams where user_id = $1', [big]);
          let t = performance.now();
          const raw = await store.readStreams(rows.map((r) => r.stream_id));
          const rawSeconds = (performance.now() - t) / 1000;
          const asOf = encodeURIComponent(new Date().toISOString());
          const replay = await load(3, 1, () => ({ url: `${product.url}/api/stats?asOf=${asOf}`, headers: auth(big) }), 200);
          report(
            `GET /api/stats?asOf=now, ${fmt(BIG_USER_BETS)}-bet user (${fmt(raw.length)} events in its streams)`,
            `p50 ${fmt(replay.p50 / 1000, 2)} s`,
            `raw readStreams of the same events ${fmt(rawSeconds, 2)} s`,
            `${fmt(replay.p50 / 1000 / rawSeconds, 2)}x the raw read`,
            "none (an analyst's replay)",
          );
          t = performance.now();
          const ndjson = await send(`${product.url}/api/events`, { headers: auth(big) });
          const ndjsonSeconds = (performance.now() - t) / 1000;
          const lines = ndjson.body.split('\n').length - 1;
          if (ndjson.status !== 200) throw new Error(`GET /api/events: ${ndjson.status} ${ndjson.body.slice(0, 200)}`);
          report(
            `GET /api/events (NDJSON), ${fmt(BIG_USER_BETS)}-bet user`,
            `${fmt(lines)} events, ${fmt(ndjson.body.length / 1e6, 1)} MB in ${fmt(ndjsonSeconds, 2)} s`,
            `raw readStreams ${fmt(rawSeconds, 2)} s`,
            `${fmt(ndjsonSeconds / rawSeconds, 2)}x the raw read`,
            'none (streamed, flat memory)',
          );
        } finally {
          await baseline.stop();
        }
      }

      if (wants('writes')) {
        console.log(`\nwrites: POST /api/bets, ${fmt(WRITES)} commands from 32 clients...`);
        const reg = await send(`${product.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `writer-${Date.now()}@bench.test`, password: 'secret123' }),
        });
        const { token } = JSON.parse(reg.body) as { token: string };
        const body = JSON.stringify({
          sport: 'football',
          event: 'Bench @ Mark',
          betType: 'moneyline',
          stake: 10,
          odds: '-110',
          outcome: 'win',
        });
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        // The health check and the writes in alternating rounds, after one not counted: this
        // machine's spare CPU moves from second to second, and a ratio of two rates measured one after
        // the other moved with it (0.34x to 0.58x in back-to-back runs of the same build); and the
        // first round, before V8 has compiled the paths, ran at half the rate of the later ones.
        const healthRuns: Run[] = [];
        const writeRuns: Run[] = [];
        const healthCheck = () => ({ url: `${product.url}/healthz`, headers });
        // Each with its own Idempotency-Key, as the web app sends every POST.
        let keys = 0;
        const placeBet = () => ({
          url: `${product.url}/api/bets`,
          method: 'POST',
          headers: { ...headers, 'idempotency-key': `bench-${process.pid}-${keys++}` },
          body,
        });
        for (let round = 0; round <= WRITE_ROUNDS; round++) {
          const h = await load(Math.ceil(Math.min(WRITES, 8000) / WRITE_ROUNDS), 32, healthCheck, 200);
          const w = await load(Math.ceil(WRITES / WRITE_ROUNDS), 32, placeBet, 201);
          const which = round === 0 ? 'warm-up (not counted)' : `round ${round}`;
          console.log(`  ${which}: ${fmt(w.perSecond)} commands/s against ${fmt(h.perSecond)}/s (${fmt(w.perSecond / h.perSecond, 2)}x)`);
          if (round > 0) {
            healthRuns.push(h);
            writeRuns.push(w);
          }
        }
        const health = merged(healthRuns);
        const writes = merged(writeRuns);
        report(
          'POST /api/bets, 32 concurrent clients',
          `${fmt(writes.perSecond)} commands/s, p99 ${ms(writes.p99)}`,
          `GET /healthz (one SQL round trip) ${fmt(health.perSecond)}/s, p99 ${ms(health.p99)}`,
          `${fmt(writes.perSecond / health.perSecond, 2)}x the health check's rate`,
          ">= 0.5x the health check's rate, p99 < 50 ms",
        );
      }
    } finally {
      await product.stop();
    }
  }

  if (wants('throttle')) {
    console.log(
      `\nthrottle: the product in a child process, every limit lifted (as before), the defaults with replays on the main thread, then the defaults...`,
    );
    const scenario = await throttleScenarios({
      databaseUrl,
      dataDir: dir,
      pool,
      bigUserBets: REPLAY_USER_BETS,
      seconds: THROTTLE_SECONDS,
      log: (line) => console.log(line),
    });
    const before = await scenario('limits lifted', LIFTED);
    const mainThread = await scenario('default limits, replays on the main thread', { REPLAY_THREADS: '0' });
    const oneThread = await scenario('default limits, one replay thread', { REPLAY_THREADS: '1' });
    const after = await scenario('default limits', {});
    const mb = (n: number) => `${fmt(n)} MB`;
    const p = (l: { p50: number; p99: number }) => `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}`;
    report(
      `RSS of the product during ${LOGINS} concurrent sign-ins (right passwords, ${LOGINS} addresses)`,
      `peak ${mb(after.rssPeakMb)} (${mb(after.rssPeakMb - after.rssBeforeMb)} above idle); ${after.logins.ok}/${LOGINS} signed in, slowest ${ms(after.logins.max)}`,
      `idle ${mb(after.rssBeforeMb)}; limits lifted: peak ${mb(before.rssPeakMb)} (idle ${mb(before.rssBeforeMb)}), slowest ${ms(before.logins.max)}; one sign-in alone ${ms(after.loginAlone)}`,
      `${fmt(before.rssPeakMb - before.rssBeforeMb)} -> ${fmt(after.rssPeakMb - after.rssBeforeMb)} MB above idle`,
      'peak < 250 MB',
    );
    report(
      `${WRONG} wrong passwords for one e-mail from one address, then the right one`,
      `${after.wrongRefused} refused (429), ${after.wrongChecked} checked (401); then the right password: ${after.rightAfter}`,
      `limits lifted: ${before.wrongRefused} refused, ${before.wrongChecked} checked; right password: ${before.rightAfter}; another e-mail from another address meanwhile: ${after.otherEmailAfter}`,
      `${fmt(before.wrongChecked / Math.max(1, after.wrongChecked), 0)}x fewer guesses checked`,
      'the 11th and later refused',
    );
    const counts = (m: Map<number, number>) =>
      [...m]
        .sort()
        .map(([status, n]) => `${n}x ${status}`)
        .join(', ');
    report(
      `another user's GET /api/stats during ${REPLAYS} concurrent asOf replays by a ${fmt(REPLAY_USER_BETS)}-bet user`,
      `${p(after.statsDuring)}; /healthz ${p(after.healthDuring)}; replays answered: ${counts(after.replays)}`,
      `alone ${p(after.statsAlone)}; one replay thread: during ${p(oneThread.statsDuring)}, /healthz ${p(oneThread.healthDuring)}, replays ${counts(oneThread.replays)}; ` +
        `replays on the main thread: during ${p(mainThread.statsDuring)}, /healthz ${p(mainThread.healthDuring)}, replays ${counts(mainThread.replays)}; ` +
        `limits lifted: during ${p(before.statsDuring)}, /healthz ${p(before.healthDuring)}, replays ${counts(before.replays)}`,
      `${fmt(mainThread.statsDuring.p99 / after.statsDuring.p99, 1)}x lower p99 than on the main thread, ${fmt(before.statsDuring.p99 / after.statsDuring.p99, 1)}x than with limits lifted`,
      'p99 < 50 ms',
    );
  }

  if (wants('import')) {
    for (const where of ['product', 'command-api'] as const) {
      console.log(
        `\nimport: POST /api/import/bets of ${fmt(CSV_MAX_ROWS)} rows (the most one import takes) in one request, ${where === 'product' ? 'the whole product (projector included) in a child process' : 'command-api alone in a child process (as compose runs it)'}...`,
      );
      const figures = await importScenarios({
        databaseUrl,
        dataDir: dir,
        process: where,
        sizes: [1_000, 10_000, CSV_MAX_ROWS],
        nodeArgs:
          process.env.BENCH_IMPORT_NODE_ARGS !== undefined
            ? process.env.BENCH_IMPORT_NODE_ARGS.split(' ').filter(Boolean)
            : where === 'command-api'
              ? composeNodeArgs('command-api')
              : [],
        log: (line) => console.log(line),
      });
      const [small, ...large] = figures;
      const mb = (n: number) => `${fmt(n)} MB`;
      const above = (f: (typeof figures)[number]) => f.peakMb - f.idleMb;
      const memory = (f: (typeof figures)[number]) =>
        `idle ${mb(f.idleMb)}, peak ${mb(f.peakMb)} (${mb(above(f))} above idle; by quarter of the request ${f.quartersMb.map((q) => fmt(q)).join(' / ')} MB), after ${mb(f.afterMb)}, after a full GC ${mb(f.afterGcMb)} (heap ${mb(f.heapAfterGcMb)})`;
      for (const f of large) {
        report(
          `RSS of ${where === 'product' ? 'the product (projector in-process)' : 'command-api alone'} importing ${f.name} (${fmt(f.megabytes, 1)} MB, ${fmt(f.seconds, 1)} s: ${f.answer})`,
          memory(f),
          `${small.name}: ${memory(small)}`,
          `${fmt(above(f) / Math.max(1, above(small)), 1)}x the ${fmt(small.rows)}-row file above idle, for ${fmt(f.rows / small.rows)}x the rows; peak ${fmt(f.peakMb / small.peakMb, 2)}x its peak`,
          'flat: within 1.5x of the 1,000-row file',
        );
      }
    }
  }

  if (wants('replay')) {
    // asOf for a big history: GET /api/stats?asOf= folds on from the user's nearest snapshot (the
    // projector takes them as it catches up); the baseline is the fold from the first event (the
    // code path before snapshots: one batched read of every stream, then the fold), in this process.
    const secret = BENCH_SECRET;
    const user = '00000000-0000-7000-8000-000000200000';
    const DAY = 86_400_000;
    console.log(`\nreplay: asOf for a ${fmt(SNAPSHOT_USER_BETS)}-bet user, from snapshots and from the first event...`);
    // Two years of history: the n-th event recorded at an even pace (so instants fall inside it).
    const total = [...userHistory(user, SNAPSHOT_USER_BETS, 9)].length;
    const first = Date.now() - 730 * DAY;
    const occurredAt = (n: number) => new Date(first + Math.floor((n * 730 * DAY) / total)).toISOString();
    await bulkLoad(pool, 'eventstore', userHistory(user, SNAPSHOT_USER_BETS, 9), 20_000, occurredAt);
    const product = await startBenchProduct(databaseUrl, dir);
    try {
      const head = formatPosition(await store.headPosition());
      const headers = { authorization: `Bearer ${signToken(user, secret)}`, 'x-min-position': head };
      // Until the projector has folded (and snapshotted) the whole history: replays measured while it
      // still catches up would compete with it, and find only the first snapshots.
      for (let i = 0; i < 1200; i++) {
        const { rows } = await pool.query<{ position: string }>(`select position from read.checkpoints where name = 'read_models'`);
        if (rows[0]?.position === head) break;
        await new Promise((ok) => setTimeout(ok, 1000));
      }
      const { rows: streamRows } = await pool.query<{ stream_id: string }>('select stream_id from read.user_streams where user_id = $1', [
        user,
      ]);
      const ids = streamRows.map((r) => r.stream_id);
      const { rows: stored } = await pool.query<{ n: number; bytes: string; largest: string }>(
        'select count(*)::int as n, coalesce(sum(length(state)), 0) as bytes, coalesce(max(length(state)), 0) as largest from read.user_snapshots where user_id = $1',
        [user],
      );
      // The worst instant: just before the latest snapshot, so the replay folds on from the one
      // before it (the most events a replay folds after a snapshot: SNAPSHOT_GROWTH of the history).
      const { rows: latest } = await pool.query<{ recorded_until: Date }>(
        'select recorded_until from read.user_snapshots where user_id = $1 order by events desc limit 1',
        [user],
      );
      const instants: [string, number][] = [
        ['early (10%)', first + 0.1 * 730 * DAY],
        ['middle (50%)', first + 0.5 * 730 * DAY],
        ['late (90%)', first + 0.9 * 730 * DAY],
        ['now', Date.now()],
        ...(latest[0] ? [['worst: just before the latest snapshot', latest[0].recorded_until.getTime() - 1] as [string, number]] : []),
      ];
      for (const [name, at] of instants) {
        const asOf = new Date(at);
        // Baseline: every event read, then folded (each part timed: where the time goes).
        const reads: number[] = [];
        const folds: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          const events = await store.readStreams(ids);
          const t1 = performance.now();
          const rows = await replayUserInSlices(events, { userId: user, recordedUntil: asOf });
          void rows.userStats;
          reads.push(t1 - t0);
          folds.push(performance.now() - t1);
        }
        const read = summarise(reads).p50;
        const fold = summarise(folds).p50;
        await load(2, 1, () => ({ url: `${product.url}/api/stats?asOf=${encodeURIComponent(asOf.toISOString())}`, headers }), 200); // warm-up
        const replay = await load(
          10,
          1,
          () => ({ url: `${product.url}/api/stats?asOf=${encodeURIComponent(asOf.toISOString())}`, headers }),
          200,
        );
        report(
          `GET /api/stats?asOf=${name}, ${fmt(SNAPSHOT_USER_BETS)}-bet user (from its nearest snapshot)`,
          `p50 ${ms(replay.p50)}, p99 ${ms(replay.p99)}`,
          `from the first event (in process) p50 ${ms(read + fold)}: read ${ms(read)} + fold ${ms(fold)}`,
          `${fmt((read + fold) / replay.p50, 1)}x faster (p50)`,
          'p50 < 250 ms',
        );
      }
      const { rows: logged } = await pool.query<{ bytes: string }>(
        `select coalesce(sum(pg_column_size(e.*)), 0) as bytes from eventstore.events e where e.data->>'userId' = $1`,
        [user],
      );
      report(
        `snapshots stored for the ${fmt(SNAPSHOT_USER_BETS)}-bet user (${fmt(total)} events)`,
        `${stored[0].n} snapshots, ${fmt(Number(stored[0].bytes) / 1e6, 1)} MB`,
        `largest ${fmt(Number(stored[0].largest) / 1e6, 1)} MB; the user's events in the log ${fmt(Number(logged[0].bytes) / 1e6, 1)} MB`,
        `${fmt(Number(stored[0].bytes) / Math.max(1, Number(stored[0].largest)), 1)}x the largest`,
        'O(n) bytes (a few times the latest)',
      );
    } finally {
      await product.stop();
    }
  }

  if (wants('web')) {
    console.log('\nweb: JavaScript downloaded and Lighthouse...');
    for (const row of await webBudget(databaseUrl, dir)) report(row[0], row[1], row[2], row[3], row[4]);
  }
  if (wants('live')) {
    console.log(
      `\nlive: projector lag with 32 clients writing POST /api/bets, ${fmt(LIVE_WRITES)} writes, one client the ${fmt(BIG_USER_BETS)}-bet user...`,
    );
    const live = await liveProjection({
      pool,
      store,
      databaseUrl,
      dataDir: dir,
      bigUserBets: BIG_USER_BETS,
      writes: LIVE_WRITES,
      openRate: LIVE_OPEN_RATE,
      openWrites: Math.round(LIVE_OPEN_RATE * 10),
      log: (line) => console.log(line),
    });
    const p = (l: { p50: number; p99: number }) => `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}`;
    report(
      `projector lag (a write's 2xx to the checkpoint passing it), 32 clients writing, one of them the ${fmt(BIG_USER_BETS)}-bet user`,
      `${p(live.lag)} (${fmt(live.perSecond)} writes/s)`,
      `POST /api/bets to its 2xx ${p(live.post)}`,
      `${fmt(live.lag.p99 / live.post.p99, 2)}x the write's own p99`,
      'p99 < 50 ms',
    );
    report(
      `projector lag, open loop: the same 32 users writing ${fmt(LIVE_OPEN_RATE)} POST /api/bets a second in all, none waiting for its last write to be visible`,
      `${p(live.open.lag)} (${fmt(live.open.perSecond)} writes/s)`,
      `POST /api/bets to its 2xx ${p(live.open.post)}`,
      `${fmt(live.open.lag.p99 / live.lag.p99, 2)}x the closed loop's p99`,
      '-',
    );
    report(
      `write-to-visible (POST /api/bets until the read models hold it), ${fmt(BIG_USER_BETS)}-bet user`,
      `${p(live.bigVisible)}; lag ${p(live.bigLag)}`,
      `100-bet user ${p(live.smallVisible)}; lag ${p(live.smallLag)}`,
      `${fmt(live.bigVisible.p99 / live.smallVisible.p99, 2)}x the 100-bet user (p99)`,
      '<= 1.5x the 100-bet user',
    );
  }
  if (wants('fairness')) {
    console.log(`\nfairness: 31 users writing while one imports three ${fmt(FAIRNESS_ROWS)}-row files back to back...`);
    const fair = await fairness({
      pool,
      store,
      databaseUrl,
      dataDir: dir,
      importRows: FAIRNESS_ROWS,
      writes: FAIRNESS_WRITES,
      log: (line) => console.log(line),
    });
    const p = (l: { p50: number; p99: number }) => `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}`;
    report(
      `write-to-visible of 31 users writing while one imports three ${fmt(FAIRNESS_ROWS)}-row files`,
      `${p(fair.importing.visible)} (${fmt(fair.importing.perSecond)} writes/s); from the 2xx ${p(fair.importing.lag)}`,
      `no import: ${p(fair.alone.visible)} (${fmt(fair.alone.perSecond)} writes/s); from the 2xx ${p(fair.alone.lag)}`,
      `${fmt(fair.importing.visible.p99 / fair.alone.visible.p99, 2)}x`,
      'p99 < 100 ms',
    );
    report(
      '/readyz while importing (every 250 ms)',
      `${fmt(fair.readyz.samples - fair.readyz.notReady)} of ${fmt(fair.readyz.samples)} answered 200`,
      '-',
      '-',
      'all 200',
    );
    report(
      `the three files' rows all visible (first POST to the last row shown), ${fmt(fair.busyImported)} rows`,
      `${fmt(fair.busyImportSeconds, 1)} s under the writers`,
      `idle product: ${fmt(fair.idleImportSeconds, 1)} s`,
      `${fmt(fair.busyImportSeconds / fair.idleImportSeconds, 2)}x`,
      '<= 2x',
    );
  }
  if (wants('catchup')) {
    if (formatPosition(await store.headPosition()) === formatPosition(START)) {
      await bulkLoad(pool, 'eventstore', population(100, CATCHUP_EVENTS));
    }
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from eventstore.events');
    const events = Number(rows[0].n);
    console.log(`\ncatchup: the product started over ${fmt(events)} events its read models do not hold, GET /healthz meanwhile...`);
    const options = { pool, store, databaseUrl, dataDir: dir };
    const threaded = await catchUpLatency(options, true);
    const mainThread = await catchUpLatency(options, false);
    const p = (r: typeof threaded) =>
      `p50 ${ms(r.health.p50)}, p99 ${ms(r.health.p99)}, max ${ms(r.health.max)} (${fmt(r.health.count)} answers; caught up in ${fmt(r.seconds, 1)} s)`;
    report(
      `GET /healthz while the product's projector catches up on ${fmt(events)} events (projector on its own thread, the default)`,
      p(threaded),
      `projector on the main thread (PROJECTOR_THREAD=0): ${p(mainThread)}`,
      `${fmt(mainThread.health.p99 / threaded.health.p99, 1)}x lower p99`,
      '-',
    );
  }
} finally {
  await pool.end();
  await store.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log('\n| what | figure | baseline (same run) | ratio | target |\n|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
