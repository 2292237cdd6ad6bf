import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@bt/event-store/postgres/embedded';

/** The database the launcher's embedded default keeps everything in (event store and read models). */
export const EMBEDDED_DATABASE = 'bettracker';

export interface EmbeddedDefault {
  /** postgres://postgres:postgres@127.0.0.1:{port}/bettracker */
  databaseUrl: string;
  /** True when this call started the server (it is stopped by `release`). */
  started: boolean;
  release(): Promise<void>;
}

const canConnect = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * The embedded default's database: the running one when the product is up (`npm start`), else its
 * Postgres started here on the same data directory and port, and stopped again on `release`.
 */
export async function useEmbeddedDefault(options: { dataDir: string; port: number }): Promise<EmbeddedDefault> {
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`;
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${options.port}/${EMBEDDED_DATABASE}`;
  let stop: (() => Promise<void>) | undefined;
  if (!(await canConnect(serverUrl))) {
    const server = await startEmbeddedPostgres({ dataDir: join(options.dataDir, 'postgres'), port: options.port, persistent: true });
    stop = server.stop;
  }
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
  return { databaseUrl, started: stop !== undefined, release: async () => stop?.() };
}
