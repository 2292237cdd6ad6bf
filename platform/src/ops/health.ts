import { createServer, type IncomingMessage, type Server } from 'node:http';
import Koa, { type Middleware } from 'koa';
import { z } from 'zod';
import { parseEnv } from '../config';
import { metricsRegistry } from './metrics';

/**
 * The operations environment every service reads: LOG_LEVEL (read by the logger), METRICS_TOKEN,
 * SHUTDOWN_GRACE_MS and READY_MAX_PROJECTOR_LAG.
 */
export const readOpsConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const config = parseEnv(
    z.object({
      /** A bearer token that may read /metrics from anywhere (loopback clients need none). */
      METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
      /** How long a stopping service lets requests in flight finish before cutting them. */
      SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
      /** query-api (and the one-process front door) is ready while the projector is at most this many events behind the log. */
      READY_MAX_PROJECTOR_LAG: z.coerce.number().int().min(0).default(1000),
    }),
    env,
  );
  return {
    metricsToken: config.METRICS_TOKEN,
    shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    readyMaxProjectorLag: config.READY_MAX_PROJECTOR_LAG,
  };
};

/** What /readyz checks: each named check resolves (ready) or throws (why not). */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/** The checks every service's /readyz starts from: its Postgres answers, and its event store. */
export const storeChecks = (
  pool: { query(text: string): Promise<unknown> },
  store: { headPosition(): Promise<unknown> },
): ReadinessChecks => ({
  database: () => pool.query('select 1').then(() => 'ok'),
  eventStore: () => store.headPosition().then(() => 'ok'),
});

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The client's address: the socket's, or with `trustProxyHops` proxies in front (TRUST_PROXY_HOPS)
 * the address the outermost of them appended to X-Forwarded-For, the hops-th from the right (what
 * a client writes there itself stays to the left of it). A proxy on the same machine connects from
 * loopback whoever its client is, so then the socket says nothing; a header with fewer addresses
 * than hops did not come through the proxies as configured, and names no client (undefined).
 */
const clientAddress = (req: IncomingMessage, trustProxyHops: number): string | undefined => {
  if (trustProxyHops === 0) return req.socket.remoteAddress;
  const header = [req.headers['x-forwarded-for'] ?? []].flat().join(',');
  const forwarded = header === '' ? [] : header.split(',').map((address) => address.trim());
  return forwarded.length >= trustProxyHops ? forwarded[forwarded.length - trustProxyHops] : undefined;
};

/** A loopback client (see clientAddress), or one with the bearer METRICS_TOKEN. */
const mayReadMetrics = (req: IncomingMessage, token: string | undefined, trustProxyHops: number): boolean =>
  LOOPBACK.test(clientAddress(req, trustProxyHops) ?? '') || (token !== undefined && req.headers.authorization === `Bearer ${token}`);

/** Runs every check; `{ status: 'ready', checks }` or `{ status: 'unavailable', checks }` with each failure's message. */
export const readiness = async (checks: ReadinessChecks): Promise<{ ready: boolean; body: Record<string, unknown> }> => {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        const detail = await check();
        return [name, detail ?? 'ok', true] as const;
      } catch (error) {
        return [name, (error as Error).message || String(error), false] as const;
      }
    }),
  );
  const ready = results.every(([, , ok]) => ok);
  return { ready, body: { status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results.map(([n, d]) => [n, d])) } };
};

/** The paths opsRoutes answers on every service (documented in contracts' API_ROUTES). */
export const OPS_PATHS = ['/livez', '/readyz', '/metrics'] as const;

/** What opsRoutes (and serveOps) are given. */
interface OpsOptions {
  ready: ReadinessChecks;
  metricsToken?: string;
  /** TRUST_PROXY_HOPS: /metrics then judges the client by X-Forwarded-For (see clientAddress); 0 by default. */
  trustProxyHops?: number;
  stopping?: () => boolean;
}

/**
 * GET /livez (the process answers), /readyz (every check passes; 503 otherwise) and /metrics
 * (Prometheus text, for loopback clients or the bearer METRICS_TOKEN; 404 JSON otherwise), all
 * JSON apart from the metrics. Put it before the app's routes; everything else goes on.
 */
export const opsRoutes =
  (options: OpsOptions): Middleware =>
  async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/livez') {
      ctx.body = { status: 'ok' };
    } else if (ctx.path === '/readyz') {
      if (options.stopping?.()) {
        ctx.status = 503;
        ctx.body = { status: 'stopping' };
        return;
      }
      const { ready, body } = await readiness(options.ready);
      ctx.status = ready ? 200 : 503;
      ctx.body = body;
    } else if (ctx.path === '/metrics') {
      if (!mayReadMetrics(ctx.req, options.metricsToken, options.trustProxyHops ?? 0)) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
        return;
      }
      const registry = metricsRegistry();
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
    } else {
      return next();
    }
    ctx.set('Cache-Control', 'no-store');
  };

/** A process with no HTTP API of its own (the projector) serves only /livez, /readyz and /metrics on `port`. */
export const serveOps = async (port: number, options: OpsOptions): Promise<Server> => {
  const app = new Koa();
  app.use(opsRoutes(options));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { message: 'Not found' };
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return server;
};
