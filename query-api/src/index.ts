/** What the launcher and other workspaces use from query-api. */
export { createQueryApi, DEFAULT_MAX_WAIT_MS, type QueryApi, type QueryApiDeps } from './app';
export { readConfig, readHeavyReadConfig, readReplayThreads, type QueryApiConfig } from './config';
export { DEFAULT_HEAVY_READ_LIMITS, type HeavyReadLimits } from './heavy-reads';
export type { ReadDatabase } from './read-db';
export type { ReplayWorkerOptions, ReplayWorkers } from './replay-workers';
export { createLogReader, type LogReader } from './transparency/log-reader';
export { logTables, migrateTransparencyLog, LOG_SCHEMA, type LogDatabase } from './transparency/log-db';
