import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { observeProjectorBatch, threadFile, type ProjectorBatch } from '@bt/platform';
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
const RESTART_DELAY_MS = 1_000;
/** tsx's ESM API (its package's `import` condition: index.mjs beside the index.cjs `require` finds). */
const TSX_API = WORKER.built
  ? ''
  : pathToFileURL(
      createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;

/**
 * The live projector on a worker thread of this process (the one-process default): folding events
 * into read models is CPU work that would otherwise share the event loop with every request the
 * process answers. The thread follows the log by itself (LISTEN/NOTIFY and the checkpoint, as the
 * projector's own process does); a thread that dies is logged and started again a second later
 * (its checkpoint commits with its batch: nothing skipped or doubled). `stop()` lets the batch in
 * flight finish.
 */
export const startProjectorThread = async (
  data: ProjectorThreadData,
  log: (line: string) => void,
): Promise<{ readonly thread: Worker; stop(): Promise<void> }> => {
  let stopping = false;
  let worker: Worker;
  let running = false;
  let retry: NodeJS.Timeout | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      worker = WORKER.built
        ? new Worker(new URL(WORKER.filename), { workerData: data })
        : // TypeScript: tsx's loader given to a thread by `--import` does not reach the thread's own
          // modules (Node 20), so the thread registers it through tsx's API before importing the file.
          new Worker(
            `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER.filename)}); })`,
            { eval: true, workerData: data },
          );
      let started = false;
      running = true;
      worker.on('message', (message: ProjectorThreadMessage) => {
        if (message === 'started') {
          started = true;
          resolve();
        } else if (typeof message === 'object') observeProjectorBatch(message.batch);
      });
      worker.on('error', (error) => log(`projector thread: ${error.stack ?? error.message}`));
      worker.on('exit', (code) => {
        running = false;
        if (!started) reject(new Error(`the projector's thread ended before it started (exit code ${code})`));
        else if (!stopping) {
          log(`projector thread: ended (exit code ${code}); starting it again in ${RESTART_DELAY_MS} ms`);
          retry = setTimeout(() => start().catch((e: Error) => log(`projector thread: ${e.message}`)), RESTART_DELAY_MS);
        }
      });
    });

  await start();
  return {
    /** The thread running now (a test ends it to see it replaced). */
    get thread() {
      return worker;
    },
    async stop() {
      stopping = true;
      clearTimeout(retry);
      const current = worker;
      if (!running) return;
      await new Promise<void>((resolve) => {
        current.once('exit', () => resolve());
        current.postMessage('stop');
      });
    },
  };
};
