import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PersonalDataSettings } from '@bt/event-store';
import { HttpError, threadFile, tsxThreadArgs } from '@bt/platform';
import type { Replay, ReplayAnswer, ReplayKind, ReplayRequest } from './replay';

/** Where replay threads connect: the same stores the process serves from. */
export interface ReplayWorkerOptions {
  /** The event store: `postgres://…` (schema `eventstore`) or `esdb://…`. */
  eventStoreUrl: string;
  /** Postgres holding the read models (`read.user_streams`). */
  databaseUrl: string;
  /** The keys of the personal fields, as the process's own store has them (absent: a store without crypto-shredding). */
  personalData?: PersonalDataSettings;
  /** Most threads running at once (started on demand, then kept); each replays one user at a time. */
  threads: number;
}

export type ReplayWorkerData = Pick<ReplayWorkerOptions, 'eventStoreUrl' | 'databaseUrl' | 'personalData'>;

/** What a thread posts back: the rows of the kind it was asked for, or the status and message of a refused replay. */
export type ReplayWorkerResult<K extends ReplayKind = ReplayKind> = { answer: ReplayAnswer<K> } | { status: number; message: string };

/** asOf replays on worker threads. */
export interface ReplayWorkers {
  replay: Replay;
  /** The threads running now (a dead one is replaced when a replay needs it). */
  readonly threads: readonly Worker[];
  /** Ends the threads; replays still under way fail. */
  close(): Promise<void>;
}

/** Built to JavaScript (`npm run build:server`), the worker is the replay-worker.js beside this bundle. */
const WORKER = threadFile(import.meta.url, 'replay-worker');

/**
 * A fixed pool (piscina) of replay threads, each with its own event store and read-model
 * connections. A replay's tens of thousands of events and their JSON live and die in the thread's
 * heap, so the main thread's event loop and garbage collector never carry them. A thread that dies
 * fails only the replay it ran (a 500) and is replaced by the next replay; the process carries on.
 */
export const createReplayWorkers = (options: ReplayWorkerOptions, log: (line: string) => void = () => {}): ReplayWorkers => {
  const { eventStoreUrl, databaseUrl, personalData } = options;
  const workerData: ReplayWorkerData = { eventStoreUrl, databaseUrl, personalData };
  const pool = new Piscina({
    filename: WORKER.filename,
    // Started by the first replays (a thread costs ~25 MB before it does anything), then kept.
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    // Built, a thread inherits the process's flags (given as execArgv, V8's flags such as
    // --max-old-space-size would be refused: ERR_WORKER_INVALID_EXEC_ARGV).
    execArgv: WORKER.built ? undefined : tsxThreadArgs(),
    workerData,
  });
  // An error no replay is waiting for (a thread failing between replays) must not end the process.
  pool.on('error', (error: Error) => log(`replay worker: ${error.message}`));
  return {
    async replay<K extends ReplayKind>(request: ReplayRequest<K>) {
      // The thread ran replayRows on this very request, so its rows are of the request's kind.
      const result = (await pool.run(request)) as ReplayWorkerResult<K>;
      if ('status' in result) throw new HttpError(result.status, result.message);
      return result.answer;
    },
    get threads() {
      return pool.threads;
    },
    close: () => pool.destroy(),
  };
};
