import { createServer } from 'node:http';
import { createEventStore } from '@bt/event-store';
import pg from 'pg';
import { createDb, createSessionRegistry } from '@bt/platform';
import { createCommandApi, migrateCommandSchema } from './app';
import { readConfig, readSignInConfig } from './config';

/** command-api on its own (docker compose): EVENTSTORE_URL, DATABASE_URL, JWT_SECRET, PORT, and the sign-in limits. */
const config = readConfig();
const store = await createEventStore(config.eventStoreUrl);
const { pool, db } = createDb<any>(config.databaseUrl);
await migrateCommandSchema(db);
const sessions = createSessionRegistry({
  db,
  readStream: (stream) => store.readStream(stream),
  newClient: () => new pg.Client({ connectionString: config.databaseUrl }),
});
const server = createServer(createCommandApi({ store, db, pool, jwtSecret: config.jwtSecret, sessions, ...readSignInConfig() }).callback());
server.keepAliveTimeout = 65_000;
server.listen(config.port, () => console.log(`command-api listening on :${config.port}`));

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  void Promise.allSettled([sessions.close(), store.close(), db.destroy()]).then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
