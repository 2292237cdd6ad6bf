import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Context, Middleware } from 'koa';
import { httpRequestDuration } from './metrics';

export type { Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * LOG_LEVEL, default `info`; under mocha (a test process) `warn`, so test output stays readable
 * (a test that reads the logs sets its own level or logger).
 */
const defaultLevel = (): string => {
  const set = process.env.LOG_LEVEL?.toLowerCase();
  if (set && (LEVELS as readonly string[]).includes(set)) return set;
  return typeof (globalThis as { describe?: unknown }).describe === 'function' ? 'warn' : 'info';
};

let root: Logger | undefined;

/**
 * The one logger factory of the services: JSON lines on stdout (pretty when stdout is a terminal),
 * at LOG_LEVEL. `service` names the part that logs (command-api, query-api, projector, launcher...);
 * `base` replaces the process's root logger (a test's `loggerTo`).
 */
export const createLogger = (service: string, base?: Logger): Logger => {
  root ??= pino(
    { level: defaultLevel(), base: { pid: process.pid } },
    process.stdout.isTTY ? pretty({ colorize: true, sync: true }) : pino.destination({ dest: 1, sync: true }),
  );
  return (base ?? root).child({ service });
};

/** A root logger that writes JSON lines to `write` (tests read them); give it to `createLogger` as `base`. */
export const loggerTo = (write: (line: string) => void, level = 'info'): Logger =>
  pino({ level, base: undefined }, { write: (line: string) => write(line.trimEnd()) });

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is sane, else a new UUID. */
export const requestIdOf = (header: string | string[] | undefined): string =>
  typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();

/**
 * Makes sure the raw request carries a sane X-Request-Id (so what it is handed on to sees the same
 * one) and the answer repeats it. The front door and gateway call it before passing a request on.
 */
export const ensureRequestId = (req: Context['req'], res: Context['res']): string => {
  const id = requestIdOf(req.headers['x-request-id']);
  req.headers['x-request-id'] = id;
  if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, id);
  return id;
};

/** The route pattern the router matched (`/api/bets/:id`), never the raw path; `unmatched` otherwise. */
const routeOf = (ctx: Context): string => (ctx as { _matchedRoute?: unknown })._matchedRoute?.toString() ?? 'unmatched';

/**
 * First middleware of an app: sets X-Request-Id, and once answered writes one JSON line (request id,
 * user id when signed in, method, route pattern, status, duration) and observes the request
 * duration histogram by route and status. A 5xx is logged at error with its stack (set by the error
 * middleware on `ctx.state.error`).
 */
export const requestLog =
  (log: Logger, service: string, routeFor: (ctx: Context) => string = routeOf): Middleware =>
  async (ctx, next) => {
    const requestId = ensureRequestId(ctx.req, ctx.res);
    ctx.state.requestId = requestId;
    const started = process.hrtime.bigint();
    log.debug({ requestId, method: ctx.method, path: ctx.path }, 'request started');
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeFor(ctx);
      const status = ctx.status;
      httpRequestDuration().observe({ service, method: ctx.method, route, status: String(status) }, seconds);
      const userId = (ctx.state.auth as { sub?: string } | undefined)?.sub;
      const line = { requestId, userId, method: ctx.method, route, status, durationMs: Math.round(seconds * 1e6) / 1e3 };
      const error = ctx.state.error as Error | undefined;
      if (error) log.error({ ...line, err: error }, 'request failed');
      else log.info(line, 'request');
    }
  };
