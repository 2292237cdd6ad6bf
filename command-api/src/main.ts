import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createEventStore } from '@bt/event-store';
import pg from 'pg';
import { personalFields } from '@bt/contracts';
import {
  createDb,
  dataKeysMaster,
  createLogger,
  createSessionRegistry,
  gracefulServer,
  onShutdownSignal,
  readOpsConfig,
} from '@bt/platform';
import { createCommandApi, migrateCommandSchema } from './app';
import { readConfig, readImportConfig, readMailConfig, readSignInConfig } from './config';
import { createImportSlots, startImportSweeper } from './imports/import-slots';
import { createPlanThreads } from './imports/plan-threads';
import { createUnitSizes } from './settings/unit-sizes';
import type { CommandDatabase } from './db/schema';
import { createMailer } from './shared/mailer';
import { createProcessOwner } from './shared/process-owner';

/**
 * command-api on its own (docker compose): EVENTSTORE_URL, DATABASE_URL, JWT_SECRET, DATA_KEYS_MASTER, PORT, the
 * sign-in limits, and the mail of "Forgot password" (SMTP_URL, MAIL_FROM, PUBLIC_URL). SIGTERM/SIGINT: no new connection, requests in flight finish (SHUTDOWN_GRACE_MS),
 * then the connections close.
 */
const logger = createLogger('command-api');
const config = readConfig();
const ops = readOpsConfig();
const masterKeys = await dataKeysMaster(config);
const store = await createEventStore(config.eventStoreUrl, {}, { databaseUrl: config.databaseUrl, masterKeys, fields: personalFields });
const { pool, db } = createDb<CommandDatabase>(config.databaseUrl);
await migrateCommandSchema(db);
const sessions = createSessionRegistry({
  db,
  readStream: (stream) => store.readStream(stream),
  newClient: () => new pg.Client({ connectionString: config.databaseUrl }),
});
const unitSizes = createUnitSizes({ store, db, newClient: () => new pg.Client({ connectionString: config.databaseUrl }) });
const imports = createImportSlots(pool, readImportConfig());
const planner = createPlanThreads((line) => logger.warn(line));
const owner = createProcessOwner(() => new pg.Client({ connectionString: config.databaseUrl }));
const sweeper = startImportSweeper({ store, db, slots: imports, newId: () => randomUUID(), log: (line) => logger.warn(line) });
const mail = readMailConfig();
const mailer = mail.route && createMailer(mail.route, mail.from, logger);
if (!mailer) logger.warn('SMTP_URL is not set: "Forgot password" answers 503 (production writes no outbox)');
let graceful: ReturnType<typeof gracefulServer> | undefined;
const app = createCommandApi({
  store,
  db,
  pool,
  jwtSecret: config.jwtSecret,
  sessions,
  unitSizes,
  imports,
  planner,
  idempotency: { owner },
  mailer,
  publicUrl: mail.publicUrl,
  logger,
  stopping: () => graceful?.stopping() ?? false,
  ...readSignInConfig(),
});
const server = createServer(app.callback());
server.keepAliveTimeout = 65_000;
graceful = gracefulServer(server);
server.listen(config.port, () => logger.info({ port: config.port }, `command-api listening on :${config.port}`));

onShutdownSignal(logger, async () => {
  await graceful.stop(ops.shutdownGraceMs, logger);
  await sweeper.stop();
  await planner.close();
  await mailer?.close();
  await Promise.allSettled([sessions.close(), unitSizes.close(), owner.close(), store.close(), db.destroy()]);
});
