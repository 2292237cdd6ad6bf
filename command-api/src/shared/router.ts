import type { Middleware } from 'koa';
import type { Services } from './services';

/** The middleware routes pick from, built once by createCommandApi. */
export interface RouteKit {
  services: Services;
  /** Bearer token required (401 otherwise). */
  auth: Middleware;
  /** JSON body, up to 1 MB. */
  json: Middleware;
  /** CSV (text) body, up to 10 MB. */
  csv: Middleware;
  /** Idempotency-Key handling for a POST (after auth and the body parser). */
  idempotent: Middleware;
}

