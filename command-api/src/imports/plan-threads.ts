import { Piscina } from 'piscina';
import { threadFile, tsxThreadArgs } from '@bt/platform';
import type { ColumnChoice, ImportPlan } from './import-plan';
import plan from './plan-worker';

/** Pass 1 of an import (planImport) over a spooled upload: the file and how to read it. */
export interface PlanTask {
  path: string;
  charset: string;
  userId: string;
  choice: ColumnChoice;
  previewRows: number;
}

/** Where an import's pass 1 runs: on a thread of its own (createPlanThreads) or here (inProcessPlanner). */
export interface ImportPlanner {
  plan(task: PlanTask): Promise<ImportPlan>;
  close(): Promise<void>;
}

/** On the thread that serves the requests (a test's app, command-api without threads). */
export const inProcessPlanner: ImportPlanner = { plan, close: () => Promise.resolve() };

/** Built to JavaScript (`npm run build:server`), the worker is the plan-worker.js beside this bundle. */
const WORKER = threadFile(import.meta.url, 'plan-worker');

/**
 * Pass 1 of imports on one thread (piscina), started by the first import and ended after a minute
 * without one. Reading and checking a whole file is about 300 ms of CPU per 10,000 rows; on the
 * thread that serves every request, each POST of everyone else waited behind its slices (the
 * `fairness` bench). Imports are few at once (import-slots.ts), so one thread: a second waits.
 */
export const createPlanThreads = (log: (line: string) => void = () => {}): ImportPlanner => {
  const pool = new Piscina({
    filename: WORKER.filename,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    execArgv: WORKER.built ? undefined : tsxThreadArgs(),
  });
  // An error no import is waiting for (a thread failing between imports) must not end the process.
  pool.on('error', (error: Error) => log(`import plan worker: ${error.message}`));
  return {
    plan: (task) => pool.run(task) as Promise<ImportPlan>,
    close: () => pool.destroy(),
  };
};
