import { commandLine } from '@bt/platform';
import { readConfig } from './config';
import { startProduct } from './product';

/** `npm start`: the whole product on the embedded default (or on DATABASE_URL / EVENTSTORE_URL). */
commandLine({
  usage: 'npm start',
  about:
    'Runs the whole product in one process on PORT (8080): the embedded Postgres, or DATABASE_URL / EVENTSTORE_URL. Settings: the README.',
  options: {},
});
const config = readConfig();
const product = await startProduct(config, (line) => console.log(line));
console.log(`Bet tracker running at http://localhost:${product.port} (event store: ${product.eventStoreUrl.split(':')[0]})`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping...`);
  await product.stop();
  console.log('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
