import { readConfig } from './config';
import { createEventStore } from '@bt/event-store';
import { personalFields } from '@bt/contracts';
import {
  createDb,
  dataKeysMaster,
  createLogger,
  onShutdownSignal,
  port,
  readOpsConfig,
  parseEnv,
  serveOps,
  storeChecks,
} from '@bt/platform';
import { z } from 'zod';
import { startProjector } from './projector';
import { projectorLag, type Database } from '@bt/read-models';

/**
 * The projector as its own process (docker compose, and the crash test): follows the log into the
 * read models until SIGTERM/SIGINT, then finishes its batch and checkpoint and exits. DATABASE_URL
 * is required; EVENTSTORE_URL defaults to it. With PORT set it serves /livez, /readyz (both
 * databases answer) and /metrics (its lag gauges) there.
 */
const logger = createLogger('projector');
const config = readConfig();
const ops = readOpsConfig();
if (!config.databaseUrl) throw new Error('Bad configuration: DATABASE_URL: required');
const store = await createEventStore(
  config.eventStoreUrl ?? config.databaseUrl,
  {},
  { databaseUrl: config.databaseUrl, masterKeys: await dataKeysMaster(config), fields: personalFields },
);
const projector = await startProjector({
  store,
  databaseUrl: config.databaseUrl,
  ...config.live,
  logger,
  partition: config.partition,
});
logger.info(
  config.partition.count === 1
    ? 'projector: following the event log'
    : `projector: following the event log for partition ${config.partition.index} of ${config.partition.count}`,
);

let stopping = false;
const opsPort = parseEnv(z.object({ PORT: port(0).optional() })).PORT;
const { db, pool } = createDb<Database>(config.databaseUrl, 2);
const server =
  opsPort === undefined
    ? undefined
    : await serveOps(opsPort, {
        metricsToken: ops.metricsToken,
        stopping: () => stopping,
        ready: {
          ...storeChecks(pool, store),
          projector: () =>
            projectorLag({ db, store, maxCount: 1, partition: config.partition }).then((lag) => ({
              behind: lag.events > 0,
              lagSeconds: lag.seconds,
              standby: !projector.active(),
            })),
        },
      });

onShutdownSignal(logger, async () => {
  stopping = true;
  await projector.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  await db.destroy();
  await store.close();
});
