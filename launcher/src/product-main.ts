import { createLogger, onShutdownSignal } from '@bt/platform';
import { readConfig } from './config';
import { startProduct } from './product';

/**
 * The one-process product itself, as `npm start` (launcher/src/start.ts) runs it in a process group of
 * its own: until SIGTERM or SIGINT, which stop it gracefully (see `startProduct`) and exit 0, or until
 * the parent that started it goes away (its IPC channel closes), which stops it the same way.
 */
const logger = createLogger('launcher');
const config = readConfig();
const product = await startProduct(config);
const eventStore = product.eventStoreUrl.split(':')[0];
logger.info({ port: product.port, eventStore }, `Bet tracker running at http://localhost:${product.port} (event store: ${eventStore})`);
const stop = onShutdownSignal(logger, () => product.stop());
process.once('disconnect', () => stop('parent gone'));
