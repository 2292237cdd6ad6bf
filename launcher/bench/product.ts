import { resolve } from 'node:path';
import { readConfig } from '../src/config';
import { startProduct } from '../src/product';

/** The signing secret of every product the bench starts (its tokens are signed with it). */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/**
 * The product as `npm start` runs it, in this process, on the bench's Postgres, serving the built web
 * app on any free port; its projector on its own thread unless PROJECTOR_THREAD=0 (or `env`) says not.
 */
export const startBenchProduct = (databaseUrl: string, dataDir: string, env: Record<string, string> = {}) =>
  startProduct(readConfig({ ...benchProductEnv(databaseUrl, dataDir), PROJECTOR_THREAD: process.env.PROJECTOR_THREAD ?? '1', ...env }));

/** The environment of every product the bench starts, in this process or as a child (throttle.ts): any free port, the built app. */
export const benchProductEnv = (databaseUrl: string, dataDir: string): Record<string, string> => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: BENCH_SECRET,
  WEB_DIST: resolve('web/dist'),
});
