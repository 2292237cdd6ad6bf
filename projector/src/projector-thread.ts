import type { Worker } from 'node:worker_threads';
import { observeProjectorBatch, startSupervisedThread, threadFile, type ProjectorBatch } from '@bt/platform';
import type { PersonalDataSettings } from '@bt/event-store';
import type { LiveProjectorConfig } from './config';

/** Where the projector's thread connects: the stores the process serves from. */
export interface ProjectorThreadData {
  /** The event store: `postgres://…` (schema `eventstore`) or `esdb://…`. */
  eventStoreUrl: string;
  /** Postgres holding the read models. */
  databaseUrl: string;
  /** The keys of the personal fields, as the process's own store has them. */
  personalData: PersonalDataSettings;
  /** Batching and cache (PROJECTOR_BATCH_SIZE, PROJECTOR_BATCH_MS, PROJECTOR_BATCH_IDLE_MS, PROJECTOR_CACHED_USERS, PROJECTOR_CACHED_ROWS); the projector's defaults when absent. */
  live?: LiveProjectorConfig;
}

/** What the thread posts: started, or a batch written (its size and what the cache then holds). */
export type ProjectorThreadMessage = 'started' | { batch: ProjectorBatch };

/** Built to JavaScript (`npm run build:server`), the thread's file is projector-worker.js beside the bundle. */
const WORKER = threadFile(import.meta.url, 'projector-worker');

/**
 * The live projector on a worker thread of this process (the one-process default): folding events
 * into read models is CPU work that would otherwise share the event loop with every request the
 * process answers. The thread follows the log by itself (LISTEN/NOTIFY and the checkpoint, as the
 * projector's own process does); a thread that dies is logged and started again a second later
 * (its checkpoint commits with its batch: nothing skipped or doubled). `stop()` lets the batch in
 * flight finish.
 */
export const startProjectorThread = (
  data: ProjectorThreadData,
  log: (line: string) => void,
): Promise<{ readonly thread: Worker; stop(): Promise<void> }> =>
  startSupervisedThread<Exclude<ProjectorThreadMessage, 'started'>>({
    file: WORKER,
    name: 'projector',
    workerData: data,
    log,
    onMessage: (message) => observeProjectorBatch(message.batch),
  });
