import type { PersonalDataSettings } from '@bt/event-store';
import { startSupervisedThread, threadFile } from '@bt/platform';

/** Where the log writer's thread connects and what it signs with. */
export interface LogWriterThreadData {
  eventStoreUrl: string;
  /** Postgres holding the log's tables (migrated by the process before the thread starts). */
  databaseUrl: string;
  personalData: PersonalDataSettings;
  /** The Ed25519 seed (32 bytes). */
  secretKey: Uint8Array;
  origin: string;
  signEveryMs: number;
}

/** What the thread posts besides 'started': a line for the process's log. */
export interface LogWriterThreadMessage {
  log: string;
}

/** Built to JavaScript (`npm run build:server`), the thread's file is log-writer-worker.js beside the bundle. */
const WORKER = threadFile(import.meta.url, 'log-writer-worker');

/**
 * The transparency log's writer on a worker thread of this process (`npm start`): parsing, folding
 * and hashing the commitments and inserting their leaves would otherwise share the event loop with
 * every request. The thread opens its own connections and holds the writer's lock (writer-lock.ts)
 * as the log writer's own process does; a thread that dies is logged and started again a second
 * later (its place commits with its page: no leaf lost or doubled), and the requests never wait on
 * it. `stop()` lets a page or a signature in hand finish.
 */
export const startLogWriterThread = (data: LogWriterThreadData, log: (line: string) => void) =>
  startSupervisedThread<LogWriterThreadMessage>({
    file: WORKER,
    name: 'transparency log',
    workerData: data,
    log,
    onMessage: (message) => log(message.log),
  });
