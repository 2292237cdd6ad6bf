import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createEventStore, type EventStore } from '@bt/event-store';
import { createCommandApi, migrateCommandSchema } from '@bt/command-api/app';
import { createQueryApi } from '@bt/query-api/app';
import { startProjector } from '@bt/projector/projector';
import { migrateReadModels } from '@bt/projector/db/migrate';
import { useEmbeddedDefault } from '@bt/projector/embedded-default';
import pg from 'pg';
import { createDb, createSessionRegistry, keptSecret } from '@bt/platform';
import { createFrontDoor } from './router';
import type { LauncherConfig } from './config';

export interface RunningProduct {
  url: string;
  port: number;
  databaseUrl: string;
  eventStoreUrl: string;
  stop(): Promise<void>;
}

/** The embedded default keeps a generated signing secret beside its data; production must set one. */
const jwtSecretFor = async (config: LauncherConfig): Promise<string> => {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('Bad configuration: JWT_SECRET is required in production');
  return keptSecret(join(config.DATA_DIR, 'jwt-secret'), 48);
};

/**
 * Runs the whole product in one process on one port: (embedded) Postgres, the event store,
 * migrations, the projector, command-api and query-api behind one front door, and the web app.
 */
export const startProduct = async (config: LauncherConfig, log: (line: string) => void = () => {}): Promise<RunningProduct> => {
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => log(`stop: ${(e as Error).message}`));
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      log(`starting embedded Postgres (data in ${join(config.DATA_DIR, 'postgres')}, port ${config.PG_PORT})`);
      const embedded = await useEmbeddedDefault({ dataDir: config.DATA_DIR, port: config.PG_PORT });
      stops.push(() => embedded.release());
      databaseUrl = embedded.databaseUrl;
    }
    const eventStoreUrl = config.EVENTSTORE_URL ?? databaseUrl;
    const jwtSecret = await jwtSecretFor(config);

    const store: EventStore = await createEventStore(eventStoreUrl);
    stops.push(() => store.close());

    const { pool, db } = createDb<any>(databaseUrl, 20);
    stops.push(() => db.destroy());
    await migrateCommandSchema(db);
    await migrateReadModels(db, 'read');

    const projector = await startProjector({ store, databaseUrl, log });
    stops.push(() => projector.stop());

    // One session registry (one cache, one LISTEN connection) for both APIs of this process.
    const sessions = createSessionRegistry({ db, readStream: (stream) => store.readStream(stream), newClient: () => new pg.Client({ connectionString: databaseUrl }) });
    stops.push(() => sessions.close());
    const commandApi = createCommandApi({ store, db, pool, jwtSecret, sessions, ...config.signIn });
    const queryApi = createQueryApi({
      db, pool, store, jwtSecret, sessions, heavyReads: config.heavyReads, log,
      replayWorkers: config.replayThreads > 0 ? { eventStoreUrl, databaseUrl, threads: config.replayThreads } : undefined,
    });
    stops.push(() => queryApi.close());

    const front = createFrontDoor({
      command: commandApi.callback(),
      query: queryApi.callback(),
      webDist: config.WEB_DIST,
      health: async () => {
        await pool.query('select 1');
        return { eventStore: eventStoreUrl.split(':')[0] };
      },
    });
    const server: Server = createServer(front.callback());
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, resolve);
    });
    stops.push(() => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }));
    const port = (server.address() as AddressInfo).port;
    return { url: `http://127.0.0.1:${port}`, port, databaseUrl, eventStoreUrl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
