import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { send } from './http-load';
import { rssMb, startChild, type Child } from './throttle';

/**
 * The import figures: the product runs in a child process (as `npm start` runs it) and its RSS is
 * read from /proc every 50 ms while one request posts a whole file to POST /api/import/bets. Each
 * file goes to a user of its own (a fresh import): our CSV at each of the sizes asked, then a
 * Pikkit file of the largest, then that file again (every row known: re-read and compared, nothing
 * appended). After each, a full garbage collection in the child (`gc-on-signal.ts`): what RSS and
 * the heap come back to tells what the import retained from heap V8 had only not yet collected.
 */

interface ImportFigure {
  name: string;
  rows: number;
  megabytes: number;
  idleMb: number;
  peakMb: number;
  afterMb: number;
  /** The peak RSS in each quarter of the request's time: flat while it streams, or growing with what has been read. */
  quartersMb: number[];
  /** RSS after a full garbage collection in the child. */
  afterGcMb: number;
  /** The heap V8 uses after that collection. */
  heapAfterGcMb: number;
  seconds: number;
  answer: string;
}

interface ImportOptions {
  databaseUrl: string;
  dataDir: string;
  /**
   * 'product': the whole product in one process (as `npm start` runs it: the projector there too, so
   * its cache of the importing user's rows counts); 'command-api': the import's own process alone, as
   * docker compose runs it.
   */
  process: 'product' | 'command-api';
  /** Rows of our CSV files, smallest (the baseline) first; the last is also the Pikkit file's. */
  sizes: number[];
  /** Node flags for the child (as compose runs it; `BENCH_IMPORT_NODE_ARGS` to compare V8 heap settings). */
  nodeArgs: string[];
  log: (line: string) => void;
}

/** Notes long enough for a 50,000-row file to weigh about 10 MB (the upload limit), as a real history's notes may. */
const NOTE = 'Line moved late after the injury report; sized down from the usual stake, revisit the model for totals. ';

/** Our own CSV: singles of every outcome, ~200 bytes a row. */
const ourCsv = (rows: number): string => {
  const lines = ['date,sport,event,betType,odds,stake,outcome,notes,book,league,tags'];
  const outcomes = ['win', 'loss', 'push', 'void', 'pending'];
  for (let i = 0; i < rows; i++) {
    const day = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    lines.push(
      `${day},basketball,Game ${i} Home @ Away,spread,-110,${10 + (i % 90)},${outcomes[i % outcomes.length]},"${NOTE}${i}",DK,NBA,"bench, import"`,
    );
  }
  return `${lines.join('\n')}\n`;
};

/** Pikkit's transactions.csv: singles of every status and a parlay every tenth row, ~200 bytes a row. */
const pikkitCsv = (rows: number): string => {
  const lines = [
    'bet_id,sportsbook,type,status,odds,closing_line,ev,amount,profit,time_placed,time_placed_iso,time_settled,time_settled_iso,bet_info,tags,sports,leagues',
  ];
  const statuses: [string, (stake: number) => number][] = [
    ['SETTLED_WIN', (s) => s],
    ['SETTLED_LOSS', (s) => -s],
    ['SETTLED_PUSH', () => 0],
    ['PENDING', () => 0],
  ];
  for (let i = 0; i < rows; i++) {
    const [status, profit] = statuses[i % statuses.length];
    const stake = 10 + (i % 40);
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    const placed = `${month}/${day}/2024 15:52:19 GMT`;
    const iso = `2024-${month}-${day}T15:52:19.000Z`;
    const parlay = i % 10 === 9;
    lines.push(
      parlay
        ? `pk-${i},FanDuel,parlay,${status},4.0,,,${stake},${(status === 'SETTLED_WIN' ? 3 * stake : profit(stake)).toFixed(2)},${placed},${iso},,,Lakers ${i} | Celtics -3.5,,Basketball | Basketball,NBA | NBA`
        : `pk-${i},DraftKings,straight,${status},2.0,1.95,0.01,${stake},${profit(stake).toFixed(2)},${placed},${iso},${placed},${iso},Celtics -3.5 ${i},"tracked, bench",Basketball,NBA`,
    );
  }
  return `${lines.join('\n')}\n`;
};

/** Samples `pid`'s RSS every 50 ms while `work` runs: the peak, and the peak of each quarter of its time. */
const sampled = async <T>(pid: number, work: () => Promise<T>) => {
  const started = performance.now();
  const samples: { at: number; mb: number }[] = [];
  const sample = () => samples.push({ at: performance.now() - started, mb: rssMb(pid) });
  sample();
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    const took = performance.now() - started;
    // A quarter shorter than the sampling interval has no sample of its own: the last one before its end.
    const quarters = [1, 2, 3, 4].map((q) => {
      const [from, to] = [((q - 1) * took) / 4, (q * took) / 4];
      const within = samples.filter(({ at }) => at >= from && at <= to);
      return within.length > 0 ? Math.max(...within.map(({ mb }) => mb)) : samples.findLast(({ at }) => at <= to)!.mb;
    });
    return { result, peakMb: Math.max(...samples.map(({ mb }) => mb)), quarters };
  } finally {
    clearInterval(timer);
  }
};

const settle = () => new Promise((ok) => setTimeout(ok, 2000));

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });

/** The node flags docker-compose.yml runs `service` with: its command between `node` and the script. */
export const composeNodeArgs = (service: string): string[] => {
  const { services } = parse(readFileSync(resolve('docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { command?: string[] }>;
  };
  const command = services[service]?.command;
  if (command?.[0] !== 'node') throw new Error(`docker-compose.yml: ${service} is not run as node [flags...] script`);
  return command.slice(1, -1);
};

/** What the image's environment sets for every service: the `ENV KEY=value ...` lines of the Dockerfile's last stage. */
export const imageEnv = (): Record<string, string> => {
  const dockerfile = readFileSync(resolve('Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, pairs] of runtime.matchAll(/^ENV[ \t]+(.+)$/gm)) {
    for (const pair of pairs.trim().split(/\s+/)) {
      const eq = pair.indexOf('=');
      if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return env;
};

/** command-api on its own (command-api/src/main.ts, as compose runs it: its node flags and the image's environment), on the bench's Postgres. */
const startCommandApi = async (databaseUrl: string, nodeArgs: string[], env: Record<string, string>): Promise<Child> => {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, resolve('command-api/src/main.ts')], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, EVENTSTORE_URL: databaseUrl, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('command-api listening')) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        ok();
      }
    });
    child.once('exit', (code) => fail(new Error(`command-api exited (${code}) before it listened: ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
};

/** Runs every import against one child process; the figures in the order run. */
export const importScenarios = async (options: ImportOptions): Promise<ImportFigure[]> => {
  options.log(`  starting ${options.process === 'product' ? 'the product' : 'command-api alone'}...`);
  const gcFile = join(tmpdir(), `bt-bench-gc-${process.pid}`);
  const preload = [...options.nodeArgs, '--import', 'tsx', '--import', resolve('launcher/bench/gc-on-signal.ts')];
  const child =
    options.process === 'product'
      ? await startChild(options.databaseUrl, options.dataDir, {
          BENCH_GC_FILE: gcFile,
          NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...preload].join(' ').trim(),
        })
      : // The image's environment makes it a production run, which needs its own signing secret and master key.
        await startCommandApi(options.databaseUrl, preload, {
          ...imageEnv(),
          JWT_SECRET: randomBytes(32).toString('hex'),
          DATA_KEYS_MASTER: `1:${randomBytes(32).toString('base64url')}`,
          BENCH_GC_FILE: gcFile,
        });
  /** A full collection in the child: its RSS and heap after it. */
  const collected = async () => {
    rmSync(gcFile, { force: true });
    process.kill(child.pid, 'SIGUSR2');
    while (!existsSync(gcFile) || readFileSync(gcFile, 'utf8') === '') await new Promise((ok) => setTimeout(ok, 50));
    const heapMb = Number(readFileSync(gcFile, 'utf8')) / 2 ** 20;
    await settle();
    return { rssMb: rssMb(child.pid), heapMb };
  };
  const figures: ImportFigure[] = [];
  try {
    const signUp = async (name: string) => {
      const r = await send(`${child.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${name}-${Date.now()}@bench.test`, password: 'secret123' }),
      });
      if (r.status !== 201) throw new Error(`register: ${r.status} ${r.body}`);
      return (JSON.parse(r.body) as { token: string }).token;
    };
    const post = async (name: string, token: string, text: string, rows: number) => {
      await settle();
      const idleMb = rssMb(child.pid);
      const t = performance.now();
      const { result, peakMb, quarters } = await sampled(child.pid, () =>
        send(`${child.url}/api/import/bets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          body: text,
        }),
      );
      const seconds = (performance.now() - t) / 1000;
      if (result.status !== 200) throw new Error(`import ${name}: ${result.status} ${result.body.slice(0, 300)}`);
      const answer = JSON.parse(result.body) as { imported: number; skipped: number; amended: number };
      await settle();
      const afterMb = rssMb(child.pid);
      const gc = await collected();
      const figure = {
        name,
        rows,
        megabytes: Buffer.byteLength(text) / 2 ** 20,
        idleMb,
        peakMb,
        quartersMb: quarters,
        afterMb,
        afterGcMb: gc.rssMb,
        heapAfterGcMb: gc.heapMb,
        seconds,
        answer: `${answer.imported} imported, ${answer.skipped} skipped, ${answer.amended} amended`,
      };
      options.log(
        `  ${name}: ${figure.megabytes.toFixed(1)} MB, idle ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB (by quarter ${figure.quartersMb.map((q) => q.toFixed(0)).join(' / ')}), after ${afterMb.toFixed(0)} MB, after a GC ${gc.rssMb.toFixed(0)} MB (heap ${gc.heapMb.toFixed(0)} MB), ${seconds.toFixed(1)} s (${figure.answer})`,
      );
      figures.push(figure);
    };
    // Warm-up (code paths loaded, connections opened), not counted; then idle is after a collection.
    await post('warm-up', await signUp('warm'), ourCsv(10), 10);
    figures.length = 0;
    for (const rows of options.sizes) await post(`our CSV, ${rows} rows`, await signUp(`ours-${rows}`), ourCsv(rows), rows);
    const rows = options.sizes.at(-1)!;
    const pikkitUser = await signUp('pikkit');
    const pikkit = pikkitCsv(rows);
    await post(`Pikkit, ${rows} rows`, pikkitUser, pikkit, rows);
    await post(`Pikkit, ${rows} rows again (all known)`, pikkitUser, pikkit, rows);
  } finally {
    await child.stop();
    rmSync(gcFile, { force: true });
  }
  return figures;
};
