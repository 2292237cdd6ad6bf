import type { Middleware } from 'koa';
import type { SignInThrottle } from './sign-in-limits';
import type { Services } from './services';

/** The middleware routes pick from, built once by createCommandApi. */
export interface RouteKit {
  services: Services;
  /** Sign-in and registration limits (per e-mail and per client address). */
  signIn: SignInThrottle;
  /** Bearer token required (401 otherwise). */
  auth: Middleware;
  /** JSON body, up to 1 MB. */
  json: Middleware;
  /** CSV (text) body, up to 10 MB, spooled to a file (`spooledBody`). */
  csv: Middleware;
  /** Idempotency-Key handling for a POST (after auth and the body parser): a record per key in `command.idempotency`. */
  idempotent: Middleware;
  /**
   * The same for a POST that creates one stream with a key-derived id: the stream is the record (no table
   * row), except for a key recorded in the table by a version from before (then as `idempotent`).
   */
  idempotentCreate: Middleware;
}
