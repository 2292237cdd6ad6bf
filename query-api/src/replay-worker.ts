/**
 * A replay thread (run by `replay-workers.ts`): reads the user's events and folds them here, so the
 * main thread's event loop and heap only see the rows it posts back. Its event store and read-model
 * connections open on the first replay and serve every later one.
 */
import { workerData } from 'node:worker_threads';
import type { EventStore } from '@bt/event-store';
import { HttpError } from '@bt/platform';
import { createDb } from '@bt/platform';
import { createEventStore } from '@bt/event-store';
import { personalFields } from '@bt/contracts';
import type { ReadDatabase } from './read-db';
import { replayRows, type ReadConnections, type ReplayRequest } from './replay';
import type { ReplayWorkerData, ReplayWorkerResult } from './replay-workers';

const { databaseUrl, eventStoreUrl, personalData } = workerData as ReplayWorkerData;

let connections: Promise<{ read: ReadConnections; store: EventStore }> | undefined;
const connect = () =>
  (connections ??= (async () => {
    // One replay at a time per thread: the stream ids need one connection, the store's batched read two.
    const read = createDb<ReadDatabase>(databaseUrl, 1);
    // The process that made the pool has created the store's tables already.
    const options = { schema: 'eventstore', poolSize: 2, migrate: false };
    const store = personalData
      ? await createEventStore(eventStoreUrl, options, { ...personalData, fields: personalFields })
      : await createEventStore(eventStoreUrl, options);
    return { read, store };
  })().catch((error) => {
    connections = undefined; // the next replay tries again
    throw error;
  }));

/** One replay. An answer with a status (a replay that cannot fold: 503) comes back as data, as an Error loses its status crossing threads. */
export default async function replay(request: ReplayRequest): Promise<ReplayWorkerResult> {
  const { read, store } = await connect();
  try {
    return { answer: await replayRows(read, store, request) };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
}
