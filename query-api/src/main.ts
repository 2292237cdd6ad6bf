/**
 * query-api on its own (a docker compose service): reads its environment, connects to the read
 * models and the event store, and serves GET /api/* until SIGINT/SIGTERM.
 */
import { createServer } from 'node:http';
import { createEventStore } from '@bt/event-store';
import { createDb } from '@bt/platform';
import { createQueryApi } from './app';
import { readConfig, readHeavyReadConfig, readReplayThreads } from './config';
import type { ReadDatabase } from './read-db';

const config = readConfig();
const { pool, db } = createDb<ReadDatabase>(config.databaseUrl, config.dbPoolSize);
const store = await createEventStore(config.eventStoreUrl);
const threads = readReplayThreads();
const app = createQueryApi({
  db,
  pool,
  store,
  jwtSecret: config.jwtSecret,
  maxWaitMs: config.maxWaitMs,
  heavyReads: readHeavyReadConfig(),
  replayWorkers: threads > 0 ? { eventStoreUrl: config.eventStoreUrl, databaseUrl: config.databaseUrl, threads } : undefined,
  log: (line) => console.error(line),
});
const server = createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.listen(config.port, () => console.log(`query-api listening on port ${config.port}`));

const stop = async () => {
  server.close();
  server.closeAllConnections();
  await app.close();
  await store.close();
  await db.destroy();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
