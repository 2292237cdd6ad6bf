/**
 * The transparency log writer's thread (run by log-writer-thread.ts): its own event store and log
 * connections and the writer's lock, then the follower and the signer, until the parent posts
 * 'stop' (a page or a signature in hand finishes). Without its lock it ends: the parent starts it
 * again, and it waits as a standby.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { personalFields } from '@bt/contracts';
import { createEventStore } from '@bt/event-store';
import { createDb } from '@bt/platform';
import { logTables, type LogDatabase } from '@bt/query-api';
import { startConfiguredLogWriter } from './log-writer';
import type { LogWriterThreadData, LogWriterThreadMessage } from './log-writer-thread';
import { acquireWriterLock } from './writer-lock';

if (!parentPort) throw new Error('log-writer-worker.ts runs as a worker thread');
const port = parentPort;
const { eventStoreUrl, databaseUrl, personalData, secretKey, origin, signEveryMs } = workerData as LogWriterThreadData;
// Its lines go to the process's logger (a test's too).
const log = (line: string) => port.postMessage({ log: line } satisfies LogWriterThreadMessage);

const store = await createEventStore(eventStoreUrl, {}, { ...personalData, fields: personalFields });
const { db } = createDb<LogDatabase>(databaseUrl, 2);
const close = async () => {
  await db.destroy();
  await store.close();
};
let stop = async (): Promise<void> => {
  // Stopped while waiting on the lock: nothing in hand; ending the thread ends its lock's connection.
  await close();
  process.exit(0);
};
port.on('message', (message: unknown) => {
  if (message === 'stop') void stop().finally(() => port.close());
});
port.postMessage('started');

const lock = await acquireWriterLock(databaseUrl, () => log('transparency log: another writer holds the log; waiting'));
const writer = startConfiguredLogWriter(
  store,
  logTables(db),
  secretKey,
  { transparencyOrigin: origin, transparencySignEveryMs: signEveryMs },
  { warn: log },
);
stop = async () => {
  await writer.stop();
  await lock.release();
  await close();
};
void lock.lost.then(async (why) => {
  log(`transparency log: lost the writer's lock (${why}); ending the thread`);
  await writer.stop().catch(() => undefined);
  process.exit(1);
});
