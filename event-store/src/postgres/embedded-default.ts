import { join } from 'node:path';
import pg from 'pg';
import { keptSecret } from '@bt/platform';
import { startEmbeddedPostgres } from './embedded';

/** The database the launcher's embedded default keeps everything in (event store and read models). */
export const EMBEDDED_DATABASE = 'bettracker';

/** Where, under the data directory, the `postgres` role's generated password is kept (mode 0600). */
export const PASSWORD_FILE = 'postgres-password';

/**
 * The password every embedded default had before it got its own: a data directory made by an
 * older version still has it until its first start with this one, which replaces it.
 */
export const FORMER_DEFAULT_PASSWORD = 'postgres';

export interface EmbeddedDefault {
  /** postgres://postgres:{password}@127.0.0.1:{port}/bettracker */
  databaseUrl: string;
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

/**
 * The embedded default's database: the running one when the product is up (`npm start`), else its
 * Postgres started here on the same data directory and port, and stopped again on `release`. Every
 * connection uses the generated password kept in `{dataDir}/postgres-password`; a data directory
 * still on the former default password gets the generated one when this starts its server.
 */
export async function useEmbeddedDefault(options: { dataDir: string; port: number }): Promise<EmbeddedDefault> {
  const passwordFile = join(options.dataDir, PASSWORD_FILE);
  const password = await keptSecret(passwordFile);
  const urlOf = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  const serverUrl = urlOf('postgres');
  const databaseUrl = urlOf(EMBEDDED_DATABASE);
  let stop: (() => Promise<void>) | undefined;
  const state = await probe(serverUrl);
  if (state === 'refused') {
    throw new Error(
      `The Postgres on port ${options.port} refused the password in ${passwordFile}. ` +
        'If an older version of the product is still running, stop it and start again (its first start sets the new password).',
    );
  }
  if (state === 'down') {
    const server = await startEmbeddedPostgres({
      dataDir: join(options.dataDir, 'postgres'),
      port: options.port,
      persistent: true,
      password,
      formerPasswords: [FORMER_DEFAULT_PASSWORD],
    });
    stop = server.stop;
  }
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
  return { databaseUrl, started: stop !== undefined, release: async () => stop?.() };
}
