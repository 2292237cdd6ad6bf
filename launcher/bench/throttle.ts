import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type pg from 'pg';
import { signToken } from '@bt/platform';
import { bulkLoad, userHistory } from './generate';
import { send, summarise, type Latency } from './http-load';
import { BENCH_SECRET, benchProductEnv } from './product';

/**
 * The throttling figures: the product runs in a child process (as `npm start` runs it, behind one
 * trusted proxy, so each simulated client has its own X-Forwarded-For address) and is measured from
 * outside, its RSS read from /proc. The same scenario runs in one run with every limit lifted and
 * replays on the main thread (the baseline: the product as it was), and with the default limits.
 */

const LIFTED = {
  LOGIN_FAILURES_PER_EMAIL: '1000000',
  LOGIN_FAILURES_PER_ADDRESS: '1000000',
  REGISTRATIONS_PER_EMAIL: '1000000',
  REGISTRATIONS_PER_ADDRESS: '1000000',
  PASSWORD_HASH_CONCURRENCY: '1000',
  HEAVY_READS_PER_USER: '1000',
  HEAVY_READS_TOTAL: '1000',
  REPLAY_THREADS: '0',
};

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export const startChild = (databaseUrl: string, dataDir: string, env: Record<string, string>): Promise<Child> =>
  new Promise((ok, fail) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', resolve('launcher/src/product-main.ts')], {
      // LOG_LEVEL info: the child says where it listens at that level (the bench itself runs at warn).
      env: { ...process.env, ...benchProductEnv(databaseUrl, dataDir), TRUST_PROXY_HOPS: '1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        ok({
          url: `http://127.0.0.1:${m[1]}`,
          pid: child.pid!,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => fail(new Error(`product exited (${code}) before it listened: ${out}`)));
  });

/** Resident memory of a process in MB (VmRSS from /proc). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Samples a process's RSS every 10 ms while `work` runs; its peak. */
const peakRss = async <T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> => {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 10);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
};

const json = { 'content-type': 'application/json' };
const post = (url: string, body: object, address: string) =>
  send(url, { method: 'POST', headers: { ...json, 'x-forwarded-for': address }, body: JSON.stringify(body) });

/** One client sending `make()` one after another for `seconds`; latencies and statuses. */
const during = async (seconds: number, make: () => { url: string; headers?: Record<string, string> }) => {
  const samples: number[] = [];
  const statuses = new Map<number, number>();
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const r = make();
    const t0 = performance.now();
    const res = await send(r.url, { headers: r.headers });
    samples.push(performance.now() - t0);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  return { ...summarise(samples), statuses };
};

export interface ScenarioResult {
  rssBeforeMb: number;
  rssPeakMb: number;
  logins: Latency & { max: number; ok: number };
  loginAlone: number;
  wrongRefused: number;
  wrongChecked: number;
  rightAfter: number;
  otherEmailAfter: number;
  statsAlone: Latency;
  statsDuring: Latency;
  healthDuring: Latency;
  replays: Map<number, number>;
}

export interface ThrottleOptions {
  databaseUrl: string;
  dataDir: string;
  pool: pg.Pool;
  bigUserBets: number;
  seconds: number;
  log: (line: string) => void;
}

const LOGINS = 64;
const REPLAYS = 16;
const WRONG = 300;

/**
 * Loads the users once (the big one's history by bulk load, the bettors through the API), then runs
 * the scenario against a product with `env`.
 */
export const throttleScenarios = async (options: ThrottleOptions) => {
  const big = '00000000-0000-7000-8000-000000020000';
  const small = '00000000-0000-7000-8000-000000000200';
  await bulkLoad(options.pool, 'eventstore', userHistory(big, options.bigUserBets, 11));
  await bulkLoad(options.pool, 'eventstore', userHistory(small, 100, 12));
  const auth = (user: string) => ({ authorization: `Bearer ${signToken(user, BENCH_SECRET)}` });
  const bettors = Array.from({ length: LOGINS }, (_, i) => ({
    email: `bettor-${i}-${Date.now()}@bench.test`,
    password: 'secret123',
    address: `10.64.${i >> 8}.${i & 255}`,
  }));
  let registered = false;
  let run = 0;

  return async (name: string, env: Record<string, string>): Promise<ScenarioResult> => {
    run += 1;
    options.log(`  ${name}: starting the product...`);
    const child = await startChild(options.databaseUrl, options.dataDir, env);
    try {
      if (!registered) {
        for (const b of bettors) {
          const r = await post(`${child.url}/api/auth/register`, b, b.address);
          if (r.status !== 201) throw new Error(`register: ${r.status} ${r.body}`);
        }
        registered = true;
      }
      // Projector caught up with the big user (its stats show wins).
      for (let i = 0; i < 600; i++) {
        const r = await send(`${child.url}/api/stats`, { headers: auth(big) });
        if (r.status === 200 && JSON.parse(r.body).record?.wins > 0) break;
        await new Promise((ok) => setTimeout(ok, 1000));
      }

      // 64 concurrent sign-ins (right passwords, 64 addresses): memory and latency.
      const [first] = bettors;
      const t = performance.now();
      await post(`${child.url}/api/auth/login`, first, first.address);
      const loginAlone = performance.now() - t;
      await new Promise((ok) => setTimeout(ok, 1000));
      const rssBeforeMb = rssMb(child.pid);
      const { result: loginSamples, peakMb } = await peakRss(child.pid, () =>
        Promise.all(
          bettors.map(async (b) => {
            const t0 = performance.now();
            const r = await post(`${child.url}/api/auth/login`, b, b.address);
            return { ms: performance.now() - t0, ok: r.status === 200 };
          }),
        ),
      );
      const logins = {
        ...summarise(loginSamples.map((s) => s.ms)),
        max: Math.max(...loginSamples.map((s) => s.ms)),
        ok: loginSamples.filter((s) => s.ok).length,
      };

      // 300 wrong passwords for one e-mail from one address, then the right one; another e-mail elsewhere.
      const victim = { email: `victim-${run}-${Date.now()}@bench.test`, password: 'secret123' };
      await post(`${child.url}/api/auth/register`, victim, `10.65.${run}.1`);
      let wrongRefused = 0;
      let wrongChecked = 0;
      for (let i = 0; i < WRONG; i++) {
        const r = await post(`${child.url}/api/auth/login`, { email: victim.email, password: `guess-${i}` }, `10.66.${run}.1`);
        if (r.status === 429) wrongRefused += 1;
        else if (r.status === 401) wrongChecked += 1;
      }
      const rightAfter = (await post(`${child.url}/api/auth/login`, victim, `10.66.${run}.1`)).status;
      const otherEmailAfter = (await post(`${child.url}/api/auth/login`, bettors[1], bettors[1].address)).status;

      // Another user's live stats alone, then during 16 concurrent asOf replays by the big user.
      const stats = () => ({ url: `${child.url}/api/stats`, headers: auth(small) });
      const statsAlone = await during(options.seconds, stats);
      const asOf = encodeURIComponent(new Date().toISOString());
      const replays = new Map<number, number>();
      let stop = false;
      const replayers = Array.from({ length: REPLAYS }, async () => {
        while (!stop) {
          const r = await send(`${child.url}/api/stats?asOf=${asOf}`, { headers: auth(big) });
          replays.set(r.status, (replays.get(r.status) ?? 0) + 1);
        }
      });
      await new Promise((ok) => setTimeout(ok, 500)); // the replays under way
      const [statsDuring, healthDuring] = await Promise.all([
        during(options.seconds, stats),
        during(options.seconds, () => ({ url: `${child.url}/healthz` })),
      ]);
      stop = true;
      await Promise.all(replayers);
      return {
        rssBeforeMb,
        rssPeakMb: peakMb,
        logins,
        loginAlone,
        wrongRefused,
        wrongChecked,
        rightAfter,
        otherEmailAfter,
        statsAlone,
        statsDuring,
        healthDuring,
        replays,
      };
    } finally {
      await child.stop();
    }
  };
};

export { LIFTED, LOGINS, REPLAYS, WRONG };
