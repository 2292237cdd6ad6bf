import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { keptSecret } from '@bt/platform';
import { startEmbeddedPostgres } from './embedded';
import { isFree, unusedPort } from './ports';

/** The database the launcher's embedded default keeps everything in (event store and read models). */
export const EMBEDDED_DATABASE = 'bettracker';

/** Where, under the data directory, the `postgres` role's generated password is kept (mode 0600). */
export const PASSWORD_FILE = 'postgres-password';

/**
 * The password every embedded default had before it got its own: a data directory made by an
 * older version still has it until its first start with this one, which replaces it.
 */
export const FORMER_DEFAULT_PASSWORD = 'postgres';

/** Where, under the data directory, the port of its Postgres is kept when PG_PORT is not set. */
export const PORT_FILE = 'postgres-port';

/** The embedded default's port when PG_PORT is unset and it is free; another is chosen (and kept) when it is not. */
export const DEFAULT_PG_PORT = 54329;

export interface EmbeddedDefault {
  /** postgres://postgres:{password}@127.0.0.1:{port}/bettracker */
  databaseUrl: string;
  port: number;
  /** True when this call started the server (it is stopped by `release`). */
  started: boolean;
  release(): Promise<void>;
}

const INVALID_PASSWORD = '28P01';

/** 'up' when the URL's server lets us in, 'refused' when it is there but refuses the password, else 'down'. */
const probe = async (url: string): Promise<'up' | 'refused' | 'down'> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return 'up';
  } catch (error) {
    return (error as { code?: string }).code === INVALID_PASSWORD ? 'refused' : 'down';
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** Which Postgres holds a port, by the data directory in its socket's lock file, when it can be read. */
async function holderOf(port: number): Promise<string> {
  const lock = await readFile(`/tmp/.s.PGSQL.${port}.lock`, 'utf8').catch(() => undefined);
  const [pid, dataDir] = lock?.split('\n') ?? [];
  return dataDir ? `the Postgres of ${dataDir} (pid ${pid})` : 'another Postgres';
}

/**
 * The port of this data directory's Postgres when PG_PORT is not set: the one kept in
 * `{dataDir}/postgres-port`, or 54329 if it is free, or any free port; kept for next time. A kept port
 * that another checkout's Postgres took meanwhile (it refuses our password) is given up for a free one.
 */
async function keptPort(dataDir: string, urlOf: (port: number) => string): Promise<number> {
  const file = join(dataDir, PORT_FILE);
  const kept = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(kept) && kept > 0 && kept < 65536) {
    const state = await probe(urlOf(kept));
    if (state === 'up' || (state === 'down' && (await isFree(kept)))) return kept;
  }
  const chosen = (await isFree(DEFAULT_PG_PORT)) ? DEFAULT_PG_PORT : await unusedPort();
  await writeFile(file, `${chosen}\n`);
  return chosen;
}

/**
 * The embedded default's database: the running one when the product is up (`npm start`), else its
 * Postgres started here on the same data directory and port, and stopped again on `release`. Every
 * connection uses the generated password kept in `{dataDir}/postgres-password`; a data directory
 * still on the former default password gets the generated one when this starts its server.
 */
export async function useEmbeddedDefault(options: { dataDir: string; port?: number }): Promise<EmbeddedDefault> {
  const passwordFile = join(options.dataDir, PASSWORD_FILE);
  const password = await keptSecret(passwordFile);
  const urlAt = (port: number, database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let port = options.port ?? (await keptPort(options.dataDir, (at) => urlAt(at, 'postgres')));
  let stop: (() => Promise<void>) | undefined;
  const state = await probe(urlAt(port, 'postgres'));
  if (state === 'refused') {
    throw new Error(
      `The Postgres on port ${port} (${await holderOf(port)}) refused the password in ${passwordFile}. ` +
        'If it is an older version of this product, stop it and start again (its first start sets the new password); ' +
        'if it belongs to something else, unset PG_PORT (a free port is then chosen and kept) or set another.',
    );
  }
  for (let attempt = 1; state === 'down'; attempt++) {
    try {
      const server = await startEmbeddedPostgres({
        dataDir: join(options.dataDir, 'postgres'),
        port,
        persistent: true,
        password,
        formerPasswords: [FORMER_DEFAULT_PASSWORD],
      });
      stop = server.stop;
      break;
    } catch (error) {
      // A port of our own choosing, taken between the choice and the bind: another one, kept instead.
      if (options.port !== undefined || attempt === 3 || !/Address already in use/.test(String(error))) throw error;
      port = await unusedPort();
      await writeFile(join(options.dataDir, PORT_FILE), `${port}\n`);
    }
  }
  const serverUrl = urlAt(port, 'postgres');
  const databaseUrl = urlAt(port, EMBEDDED_DATABASE);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`);
  } catch (error) {
    await stop?.();
    throw error;
  } finally {
    await client.end();
  }
  return { databaseUrl, port, started: stop !== undefined, release: async () => stop?.() };
}
