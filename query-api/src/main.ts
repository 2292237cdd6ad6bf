/**
 * query-api on its own (a docker compose service): reads its environment, connects to the read
 * models and the event store, and serves GET /api/* until SIGINT/SIGTERM.
 */
import { createServer } from 'node:http';
import { openEventStore } from '@bt/projector/open-store';
import { createDb } from '@bt/platform/db';
import { createQueryApi } from './app';
import { loadConfig, readHeavyReadConfig, readReplayThreads } from './config';
import type { ReadDatabase } from './read-db';

const config = loadConfig();
const { pool, db } = createDb<ReadDatabase>(config.DATABASE_URL, config.DB_POOL_SIZE);
const store = await openEventStore(config.EVENTSTORE_URL);
const threads = readReplayThreads();
const app = createQueryApi({
  db, pool, store, jwtSecret: config.JWT_SECRET, maxWaitMs: config.MAX_WAIT_MS, heavyReads: readHeavyReadConfig(),
  replayWorkers: threads > 0 ? { eventStoreUrl: config.EVENTSTORE_URL, databaseUrl: config.DATABASE_URL, threads } : undefined,
  log: (line) => console.error(line),
});
const server = createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, () => console.log(`query-api listening on port ${config.PORT}`));

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
