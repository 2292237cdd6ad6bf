/**
 * The projector's thread (run by projector-thread.ts): its own event store and read-model
 * connections, and the live projector over them, until the parent posts 'stop'. Each batch (its
 * size, what the cache then holds) goes to the parent, whose /metrics has the histogram and gauges.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { personalFields } from '@bt/contracts';
import { createEventStore } from '@bt/event-store';
import { startProjector } from './projector';
import type { ProjectorThreadData, ProjectorThreadMessage } from './projector-thread';

if (!parentPort) throw new Error('projector-worker.ts runs as a worker thread');
const port = parentPort;
const post = (message: ProjectorThreadMessage) => port.postMessage(message);
const { eventStoreUrl, databaseUrl, live, personalData } = workerData as ProjectorThreadData;

const store = await createEventStore(eventStoreUrl, {}, { ...personalData, fields: personalFields });
const projector = await startProjector({ store, databaseUrl, ...live, onBatch: (batch) => post({ batch }) });
port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  projector
    .stop()
    .then(() => store.close())
    .finally(() => port.close());
});
post('started');
