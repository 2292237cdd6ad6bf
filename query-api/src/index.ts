/** What the launcher and other workspaces use from query-api. */
export { createQueryApi, DEFAULT_MAX_WAIT_MS, type QueryApi, type QueryApiDeps } from './app';
export { loadConfig, type QueryApiConfig } from './config';
export type { ReadDatabase } from './read-db';
