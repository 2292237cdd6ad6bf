import { commandLine } from '@bt/platform/cli';

/**
 * `npm start`: the whole product in one process on the embedded default (or on DATABASE_URL /
 * EVENTSTORE_URL), until SIGTERM or SIGINT, which stop it gracefully (see `startProduct`) and exit
 * 0. The command line is read before the product's code loads, so `--help` or a wrong argument
 * answers at once.
 */
commandLine({
  usage: 'npm start',
  about:
    'Runs the whole product in one process on PORT (3000): the embedded Postgres, or DATABASE_URL / EVENTSTORE_URL. Settings: the README.',
  options: {},
});
const [{ createLogger, onShutdownSignal }, { readConfig }, { startProduct }] = await Promise.all([
  import('@bt/platform'),
  import('./config'),
  import('./product'),
]);
const logger = createLogger('launcher');
const config = readConfig();
const product = await startProduct(config);
const eventStore = product.eventStoreUrl.split(':')[0];
logger.info({ port: product.port, eventStore }, `Bet tracker running at http://localhost:${product.port} (event store: ${eventStore})`);
onShutdownSignal(logger, () => product.stop());
