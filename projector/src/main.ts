import { readConfig } from './config';
import { createEventStore } from '@bt/event-store';
import { startProjector } from './projector';

/**
 * The projector as its own process (docker compose, and the crash test): follows the log into the
 * read models until SIGTERM/SIGINT. DATABASE_URL is required; EVENTSTORE_URL defaults to it.
 */
const config = readConfig();
if (!config.databaseUrl) throw new Error('Bad configuration: DATABASE_URL: required');
const store = await createEventStore(config.eventStoreUrl ?? config.databaseUrl);
const projector = await startProjector({
  store,
  databaseUrl: config.databaseUrl,
  batchSize: config.batchSize,
  batchTimeMs: config.batchTimeMs,
  maxCachedUsers: config.maxCachedUsers,
});
console.error('projector: following the event log');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await projector.stop();
  await store.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
