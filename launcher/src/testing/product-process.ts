import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MAIN = fileURLToPath(new URL('../product-main.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one-process product (what `npm start` runs on the embedded default) in a child process of
 * its own group, so a SIGKILL takes its Postgres with it, as a crash of the machine would. One per
 * data directory; start again after a kill to recover from it.
 */
export const productProcess = (dataDir: string, pgPort: number, extraEnv: Record<string, string> = {}) => {
  let running: { child: ChildProcess; exited: Promise<unknown>; url: string } | undefined;

  const start = async (): Promise<string> => {
    const { DATABASE_URL: _database, EVENTSTORE_URL: _eventStore, JWT_SECRET: _secret, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PG_PORT: String(pgPort),
        WEB_DIST: join(dataDir, 'no-web'),
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 1200; i++) {
      const ready = /"port":(\d+),[^\n]*Bet tracker running at/.exec(output);
      if (ready) return (running = { child, exited, url: `http://127.0.0.1:${ready[1]}` }).url;
      if (child.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`the product did not start:\n${output.slice(-4000)}`);
  };

  /** SIGKILL to the whole group (the product and its Postgres); waits until it is gone. */
  const kill = async (): Promise<void> => {
    if (!running) return;
    process.kill(-running.child.pid!, 'SIGKILL');
    await running.exited;
    running = undefined;
  };

  /** One number from the embedded Postgres, to watch the log from outside. */
  const count = async (sqlText: string, params: unknown[] = []): Promise<number> => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: pgPort,
      user: 'postgres',
      password: readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim(),
      database: 'bettracker',
    });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(sqlText, params)).rows[0].n);
    } finally {
      await client.end();
    }
  };

  return { start, kill, count, url: () => running?.url };
};
