/**
 * The transparency log's writer as its own process (docker compose's `transparency-log`): appends a
 * leaf for each commitment of the event log and signs checkpoints, until SIGTERM/SIGINT (a page or a
 * signature in hand finishes). One writer at a time (writer-lock.ts): a second replica waits as a
 * standby. With PORT set it answers /livez, /readyz (both databases answer) and /metrics there.
 */
import { personalFields } from '@bt/contracts';
import { createEventStore } from '@bt/event-store';
import { createDb, createLogger, dataKeysMaster, onShutdownSignal, readOpsConfig, serveOps, storeChecks } from '@bt/platform';
import { logTables, migrateTransparencyLog, type LogDatabase } from '@bt/query-api';
import { readLogWriterConfig } from './config';
import { logSigningKey } from './log-key';
import { startConfiguredLogWriter } from './log-writer';
import { acquireWriterLock } from './writer-lock';

const logger = createLogger('transparency-log');
const config = readLogWriterConfig();
const ops = readOpsConfig();
const masterKeys = await dataKeysMaster(config);
const store = await createEventStore(config.eventStoreUrl, {}, { databaseUrl: config.databaseUrl, masterKeys, fields: personalFields });
const { db, pool } = createDb<LogDatabase>(config.databaseUrl, 2);
await migrateTransparencyLog(db);
const logKey = await logSigningKey(config);
logger.info(`transparency log key: ${logKey.key}`);

let stopping = false;
const server =
  config.port === undefined
    ? undefined
    : await serveOps(config.port, {
        metricsToken: ops.metricsToken,
        stopping: () => stopping,
        ready: storeChecks(pool, store),
      });

const lock = await acquireWriterLock(config.databaseUrl, () => logger.info('transparency log: another writer holds the log; waiting'));
const writer = startConfiguredLogWriter(store, logTables(db), logKey.secretKey, config, logger);
logger.info('transparency log: following the event log');

onShutdownSignal(logger, async () => {
  stopping = true;
  await writer.stop();
  await lock.release();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  await db.destroy();
  await store.close();
});
// Without its lock another writer may start: this one stops, and the orchestrator starts it again as a standby.
void lock.lost.then(async (why) => {
  logger.error(`transparency log: lost the writer's lock (${why}); stopping`);
  stopping = true;
  await writer.stop().catch(() => undefined);
  process.exit(1);
});
