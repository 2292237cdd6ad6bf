import { commandLine, createLogger, onShutdownSignal } from '@bt/platform';
import { readConfig } from './config';
import { startProduct } from './product';

/**
 * `npm start`: the whole product on the embedded default (or on DATABASE_URL / EVENTSTORE_URL),
 * until SIGTERM or SIGINT, which stop it gracefully (see `startProduct`) and exit 0.
 */
commandLine({
  usage: 'npm start',
  about:
    'Runs the whole product in one process on PORT (3000): the embedded Postgres, or DATABASE_URL / EVENTSTORE_URL. Settings: the README.',
  options: {},
});
const logger = createLogger('launcher');
const config = readConfig();
const product = await startProduct(config);
const eventStore = product.eventStoreUrl.split(':')[0];
logger.info({ port: product.port, eventStore }, `Bet tracker running at http://localhost:${product.port} (event store: ${eventStore})`);
onShutdownSignal(logger, () => product.stop());
