import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createEventStore, type EventStore, type PersonalDataSettings, useEmbeddedDefault } from '@bt/event-store';
import {
  createCommandApi,
  createImportSlots,
  createPlanThreads,
  createProcessOwner,
  createMailer,
  createUnitSizes,
  migrateCommandSchema,
  startImportSweeper,
  type CommandDatabase,
} from '@bt/command-api';
import { createQueryApi, migrateTransparencyLog, type ReadDatabase } from '@bt/query-api';
import { startProjector, startProjectorThread } from '@bt/projector';
import { migrateReadModels, projectorLag, projectorWithin } from '@bt/read-models';
import {
  createDb,
  createLogger,
  createSessionRegistry,
  dataKeysMaster,
  gracefulServer,
  keptSecret,
  readOpsConfig,
  setProjectorLagSource,
  type Logger,
  storeChecks,
} from '@bt/platform';
import { personalFields } from '@bt/contracts';
import pg from 'pg';
import { createFrontDoor } from './router';
import type { LauncherConfig } from './config';
import { logSigningKey } from './transparency/log-key';
import { startLogWriterThread } from './transparency/log-writer-thread';

export interface RunningProduct {
  url: string;
  port: number;
  databaseUrl: string;
  eventStoreUrl: string;
  /** Where the users' data keys are and the master keys: a tool (a rebuild, a test) opens the store as the product does. */
  personalData: PersonalDataSettings;
  stop(): Promise<void>;
}

/** The embedded default keeps a generated signing secret beside its data; production must set one. */
const jwtSecretFor = async (config: LauncherConfig): Promise<string> => {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.nodeEnv === 'production') throw new Error('Bad configuration: JWT_SECRET is required in production');
  return keptSecret(join(config.dataDir, 'jwt-secret'), 48);
};

/**
 * Runs the whole product in one process on one port: (embedded) Postgres, the event store,
 * migrations, the projector, command-api and query-api behind one front door, and the web app.
 * `stop()` is graceful: the server takes no new connection and lets requests in flight finish (up
 * to SHUTDOWN_GRACE_MS), then the projector finishes its batch, then the pools close, embedded
 * Postgres last.
 */
export const startProduct = async (
  config: LauncherConfig,
  /** The root logger (a test's `loggerTo`); the process's by default. */
  base?: Logger,
): Promise<RunningProduct> => {
  const logger = createLogger('launcher', base);
  const log = (line: string) => logger.info(line);
  const ops = readOpsConfig();
  const stops: (() => Promise<unknown>)[] = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const stop of stops.reverse()) await stop().catch((e) => log(`stop: ${(e as Error).message}`));
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded = await useEmbeddedDefault({ dataDir: config.dataDir, port: config.pgPort });
      log(
        `${embedded.started ? 'started' : 'using'} embedded Postgres (data in ${join(config.dataDir, 'postgres')}, port ${embedded.port})`,
      );
      stops.push(() => embedded.release());
      databaseUrl = embedded.databaseUrl;
    }
    const eventStoreUrl = config.eventStoreUrl ?? databaseUrl;
    const jwtSecret = await jwtSecretFor(config);

    // Every store of the product (its threads' too) encrypts and decrypts the personal fields alike.
    const personalData = { databaseUrl, masterKeys: await dataKeysMaster(config) };
    const store: EventStore = await createEventStore(eventStoreUrl, {}, { ...personalData, fields: personalFields });
    stops.push(() => store.close());

    // One pool for both APIs (and the projector's lag): its handle knows both schemas' tables.
    const { pool, db } = createDb<CommandDatabase & ReadDatabase>(databaseUrl, 20);
    stops.push(() => db.destroy());
    await migrateCommandSchema(db);
    await migrateReadModels(db, 'read');
    await migrateTransparencyLog(db);
    const logKey = await logSigningKey(config);
    log(`transparency log key: ${logKey.key}`);
    if (config.transparencyLog) {
      // On a thread of its own: its parsing, hashing and inserts do not share the requests' event loop.
      const logWriter = await startLogWriterThread(
        {
          eventStoreUrl,
          databaseUrl,
          personalData,
          secretKey: logKey.secretKey,
          origin: config.transparencyOrigin,
          signEveryMs: config.transparencySignEveryMs,
        },
        (line) => logger.warn(line),
      );
      stops.push(() => logWriter.stop());
    } else log('transparency log off (TRANSPARENCY_LOG=off): no leaves are appended');

    if (config.projectorThread) {
      const projector = await startProjectorThread({ eventStoreUrl, databaseUrl, personalData, live: config.projector }, (line) =>
        logger.warn(line),
      );
      stops.push(() => projector.stop());
      // The thread's gauges would be in its own registry: this process's /metrics reads the lag here.
      const lag = () => projectorLag({ db, store });
      setProjectorLagSource(lag);
      stops.push(async () => setProjectorLagSource(undefined, lag));
    } else {
      const projector = await startProjector({ store, databaseUrl, ...config.projector, logger: createLogger('projector', base) });
      stops.push(() => projector.stop());
    }

    // One session registry (one cache, one LISTEN connection) for both APIs of this process.
    const sessions = createSessionRegistry({
      db,
      readStream: (stream) => store.readStream(stream),
      newClient: () => new pg.Client({ connectionString: databaseUrl }),
    });
    stops.push(() => sessions.close());
    const unitSizes = createUnitSizes({ store, db, newClient: () => new pg.Client({ connectionString: databaseUrl }) });
    stops.push(() => unitSizes.close());
    const imports = createImportSlots(pool, config.importsAtOnce);
    const planner = createPlanThreads((line) => logger.warn(line));
    stops.push(() => planner.close());
    // Idempotency records this process claims name its owner lock: after a crash, a retry takes them over at once.
    const owner = createProcessOwner(() => new pg.Client({ connectionString: databaseUrl }));
    stops.push(() => owner.close());
    const sweeper = startImportSweeper({ store, db, slots: imports, newId: () => randomUUID(), log: (line) => logger.warn(line) });
    stops.push(() => sweeper.stop());
    const { mail } = config;
    const mailer = mail.route && createMailer(mail.route, mail.from, createLogger('mail', base));
    if (mailer)
      stops.push(() => mailer.close()); // after the server's requests, before the pools: mail in hand goes out
    else logger.warn('SMTP_URL is not set: "Forgot password" answers 503 (production writes no outbox)');
    const isStopping = () => stopping;
    const commandApi = createCommandApi({
      store,
      db,
      pool,
      jwtSecret,
      sessions,
      unitSizes,
      imports,
      planner,
      idempotency: { owner },
      mailer,
      publicUrl: mail.publicUrl,
      stopping: isStopping,
      logger: createLogger('command-api', base),
      ...config.signIn,
    });
    const queryApi = createQueryApi({
      db,
      pool,
      store,
      jwtSecret,
      sessions,
      heavyReads: config.heavyReads,
      log,
      stopping: isStopping,
      logger: createLogger('query-api', base),
      transparencyLog: { origin: config.transparencyOrigin, key: logKey.key },
      replayWorkers: config.replayThreads > 0 ? { eventStoreUrl, databaseUrl, personalData, threads: config.replayThreads } : undefined,
    });
    stops.push(() => queryApi.close());

    const front = createFrontDoor({
      command: commandApi.callback(),
      query: queryApi.callback(),
      webDist: config.webDist,
      health: async () => {
        await pool.query('select 1');
        return { eventStore: eventStoreUrl.split(':')[0] };
      },
      ready: {
        ...storeChecks(pool, store),
        projector: projectorWithin({ db, store, maxLag: ops.readyMaxProjectorLag }),
      },
      logger,
      metricsToken: ops.metricsToken,
      trustProxyHops: config.trustProxyHops,
      stopping: isStopping,
    });
    const server: Server = createServer(front.callback());
    server.keepAliveTimeout = 65_000;
    const graceful = gracefulServer(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    stops.push(() => graceful.stop(ops.shutdownGraceMs, logger));
    const port = (server.address() as AddressInfo).port;
    return { url: `http://127.0.0.1:${port}`, port, databaseUrl, eventStoreUrl, personalData, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
