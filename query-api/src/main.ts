/**
 * query-api on its own (a docker compose service): reads its environment, connects to the read
 * models and the event store, and serves GET /api/* (the transparency log's reads too: its writer is
 * a process of its own, launcher's transparency/main.ts) and /livez, /readyz, /metrics until
 * SIGINT/SIGTERM, which let requests in flight finish (SHUTDOWN_GRACE_MS) before closing.
 */
import { createServer } from 'node:http';
import { personalFields, verifierKeyOf } from '@bt/contracts';
import { createEventStore } from '@bt/event-store';
import { createDb, createLogger, gracefulServer, onShutdownSignal, readOpsConfig } from '@bt/platform';
import { createQueryApi } from './app';
import { migrateTransparencyLog } from './transparency/log-db';
import { readConfig, readHeavyReadConfig, readReplayThreads } from './config';
import type { ReadDatabase } from './read-db';

const logger = createLogger('query-api');
const config = readConfig();
const ops = readOpsConfig();
const { pool, db } = createDb<ReadDatabase>(config.databaseUrl, config.dbPoolSize);
const personalData = { databaseUrl: config.databaseUrl, masterKeys: config.dataKeysMaster };
const store = await createEventStore(config.eventStoreUrl, {}, { ...personalData, fields: personalFields });
// The log's writer (its own process) migrates it too: whichever starts first, the log's reads find its tables.
await migrateTransparencyLog(db);
const logKey = verifierKeyOf(config.transparencyOrigin, new Uint8Array(Buffer.from(config.transparencyKey, 'base64url')));
logger.info(`transparency log key: ${logKey}`);
const threads = readReplayThreads();
let graceful: ReturnType<typeof gracefulServer> | undefined;
const app = createQueryApi({
  db,
  pool,
  store,
  jwtSecret: config.jwtSecret,
  maxWaitMs: config.maxWaitMs,
  heavyReads: readHeavyReadConfig(),
  replayWorkers: threads > 0 ? { eventStoreUrl: config.eventStoreUrl, databaseUrl: config.databaseUrl, threads, personalData } : undefined,
  log: (line) => logger.error(line),
  logger,
  stopping: () => graceful?.stopping() ?? false,
  readyMaxProjectorLag: ops.readyMaxProjectorLag,
  projectorPartitions: config.projectorPartitions,
  transparencyLog: { origin: config.transparencyOrigin, key: logKey },
});
const server = createServer(app.callback());
server.keepAliveTimeout = 65_000;
graceful = gracefulServer(server);
server.listen(config.port, () => logger.info({ port: config.port }, `query-api listening on port ${config.port}`));

onShutdownSignal(logger, async () => {
  await graceful.stop(ops.shutdownGraceMs, logger);
  await app.close();
  await store.close();
  await db.destroy();
});
