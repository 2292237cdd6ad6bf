import { resolve } from 'node:path';
import { readConfig } from '../src/config';
import { startProduct } from '../src/product';

/** The signing secret of every product the bench starts (its tokens are signed with it). */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/** The bench's own PROJECTOR_* variables (PROJECTOR_THREAD, PROJECTOR_BATCH_MS...), for the product it starts: settings to compare. */
const projectorVariables = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('PROJECTOR_') && entry[1] !== undefined),
  );

/**
 * The product as `npm start` runs it, in this process, on the bench's Postgres, serving the built web
 * app on any free port; its projector on its own thread unless PROJECTOR_THREAD=0 (or `env`) says
 * not, batching and caching as the bench's PROJECTOR_* variables say (the product's defaults when unset).
 */
export const startBenchProduct = (databaseUrl: string, dataDir: string, env: Record<string, string> = {}) =>
  startProduct(readConfig({ ...benchProductEnv(databaseUrl, dataDir), PROJECTOR_THREAD: '1', ...projectorVariables(), ...env }));

/** The environment of every product the bench starts, in this process or as a child (throttle.ts): any free port, the built app. */
export const benchProductEnv = (databaseUrl: string, dataDir: string): Record<string, string> => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: BENCH_SECRET,
  WEB_DIST: resolve('web/dist'),
});
