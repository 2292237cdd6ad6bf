import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { createPostgresEventStore, formatPosition, START, startEmbeddedPostgres } from '@bt/event-store';
import { unusedPort } from '@bt/event-store/testing';
import { CSV_MAX_ROWS } from '@bt/contracts';
import { bulkLoad, population } from './generate';
import { webBudget } from './web-budget';
import { profileBench } from './profile';
import { commitmentOverhead } from './commitments';
import { composeNodeArgs, importScenarios } from './import';
import { liveProjection } from './live';
import { fairness } from './fairness';
import { catchUpLatency } from './catch-up';
import { LIFTED, LOGINS, REPLAYS, throttleScenarios, WRONG } from './throttle';
import { sections } from './command-line';
import { fmt, ms, printReport, report, type BenchDatabase } from './report';
import { readsAndWrites } from './reads-writes';
import { asOfReplay } from './replay';
import { shreddingCost } from './shredding';

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
/** POST /api/bets of the `shredding` section, half with encrypted personal fields, half without. */
const SHREDDING_WRITES = Number(process.env.BENCH_SHREDDING_WRITES ?? 4_000);
/** Bets of the `profile` section's public profile. */
const PROFILE_BETS = Number(process.env.BENCH_PROFILE_BETS ?? 10_000);
const wants = (name: string) => sections.length === 0 || sections.includes(name);

const dir = mkdtempSync(join(tmpdir(), 'bt-bench-'));
chmodSync(dir, 0o755); // Postgres runs as its own OS user when we are root
const pgPort = await unusedPort();
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
const bench: BenchDatabase = { pool, store, databaseUrl, dataDir: dir };

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
    await readsAndWrites(bench, { bigUserBets: BIG_USER_BETS, reads: READS, writes: WRITES, writeRounds: WRITE_ROUNDS, wants });
    if (wants('writes')) await commitmentOverhead(bench, WRITES);
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

  if (wants('replay')) await asOfReplay(bench, SNAPSHOT_USER_BETS);
  if (wants('shredding')) await shreddingCost(databaseUrl, SHREDDING_WRITES);

  if (wants('web')) {
    console.log('\nweb: JavaScript downloaded and Lighthouse...');
    for (const row of await webBudget(databaseUrl, dir)) report(row[0], row[1], row[2], row[3], row[4]);
  }
  if (wants('profile')) {
    console.log(`\nprofile: a public profile of ${fmt(PROFILE_BETS)} bets, its proofs and their verification in Chromium...`);
    for (const row of await profileBench(databaseUrl, dir, PROFILE_BETS, READS)) report(row[0], row[1], row[2], row[3], row[4]);
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

printReport();
