import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import compress from 'koa-compress';
import serve from 'koa-static';
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openApiDocument } from '@bt/contracts';
import {
  createLogger,
  ensureRequestId,
  OPS_PATHS,
  opsRoutes,
  requestLog,
  assetSecurityHeaders,
  securityHeaders,
  type Logger,
  type ReadinessChecks,
} from '@bt/platform';
import { renderApiDocs } from './api-docs';
import { inlineScriptHashes, webAppDirectives } from './web-csp';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
/** The built app's hashed files (vite's `assets/`): scripts and stylesheets, never a page. */
const isAsset = (path: string) => path.startsWith('/assets/');
/** A bettor's public page, /u/<handle>: a page of its own in the built app, without the app's script (issue 39). */
const isPublicProfile = (path: string) => /^\/u\/[^/]+\/?$/.test(path);
const OWN_PATHS = new Set<string>(['/healthz', ...OPS_PATHS]);

/**
 * Security headers with the web app's CSP, its inline-script hashes taken from the index.html on
 * disk and taken again whenever that file changes (a rebuild while running), so they never go stale.
 * Only a request that may answer the app's files looks at the file again: /api and the front
 * door's own JSON (which the services' headers or no script follow) take the headers as they are,
 * rather than a `stat` per request (7% of the process's time under 32 writing clients).
 */
const webSecurityHeaders = (index: string): Middleware => {
  let current: { mtimeMs: number; headers: Middleware } | undefined;
  return async (ctx, next) => {
    if (current !== undefined && (isApi(ctx.path) || OWN_PATHS.has(ctx.path))) return current.headers(ctx, next);
    const mtimeMs = (await stat(index).catch(() => undefined))?.mtimeMs ?? 0;
    if (current?.mtimeMs !== mtimeMs) {
      const html = mtimeMs ? await readFile(index, 'utf8').catch(() => '') : '';
      current = { mtimeMs, headers: securityHeaders(webAppDirectives(inlineScriptHashes(html))) };
    }
    return current.headers(ctx, next);
  };
};

/**
 * The front door's own routes (documented in contracts' API_ROUTES like the services'): its health,
 * and the API's OpenAPI document and rendered reference, generated once from the contracts.
 */
export const frontDoorRoutes = (health: () => Promise<Record<string, unknown>>): Router => {
  const router = new Router();
  let document: { json: string; html: string } | undefined;
  const docs = () => {
    if (!document) {
      const doc = openApiDocument();
      document = { json: JSON.stringify(doc), html: renderApiDocs(doc) };
    }
    return document;
  };
  router.get('/healthz', async (ctx) => {
    try {
      ctx.body = { status: 'ok', ...(await health()) };
    } catch (error) {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', message: (error as Error).message };
    }
  });
  router.get('/api/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = docs().json;
  });
  router.get('/api/docs', (ctx) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = docs().html;
  });
  return router;
};

/**
 * The one origin the browser sees: GET/HEAD /api/* to query-api, every other /api method to
 * command-api, its own routes (/healthz, /api/openapi.json, /api/docs), /livez, /readyz and
 * /metrics (JSON, never the app's page), and the built web app with the SPA fallback to index.html
 * (public-profile.html for /u/<handle>).
 * Every answer carries the security headers (the services set their own over them on /api; the
 * hashed assets only those a script or stylesheet needs, see assetSecurityHeaders, and an asset's
 * error answer a data answer's, with `Cache-Control: no-store`) and an
 * X-Request-Id, which /api requests carry on. Requests to in-process services are logged by them;
 * the rest (and, with `logApi`, proxied /api requests) here.
 */
export const createFrontDoor = (options: {
  query: Handler;
  command: Handler;
  webDist: string;
  health: () => Promise<Record<string, unknown>>;
  /** What /readyz checks; by default that `health` answers. */
  ready?: ReadinessChecks;
  logger?: Logger;
  /** The name on its log lines and request metrics: `launcher` (default) or `gateway`. */
  service?: string;
  /** Log /api requests here too (the gateway, whose services log in their own processes). */
  logApi?: boolean;
  metricsToken?: string;
  /** TRUST_PROXY_HOPS: proxies in front of it, whose X-Forwarded-For says who asks for /metrics. */
  trustProxyHops?: number;
  stopping?: () => boolean;
}): Koa => {
  const app = new Koa();
  const dist = resolve(options.webDist);
  const index = join(dist, 'index.html');
  const publicProfile = join(dist, 'public-profile.html');
  // A build from before the public page had its own serves it from the app, as it did then.
  const pageOf = (path: string) => (isPublicProfile(path) && existsSync(publicProfile) ? publicProfile : index);
  const service = options.service ?? 'launcher';
  const ready = options.ready ?? { health: options.health };
  const log = requestLog(options.logger ?? createLogger(service), service, (ctx) =>
    isApi(ctx.path) ? 'proxy' : OWN_PATHS.has(ctx.path) ? ctx.path : 'static',
  );
  app.use((ctx, next) => {
    if (isApi(ctx.path) && !options.logApi) {
      ensureRequestId(ctx.req, ctx.res);
      return next();
    }
    return log(ctx, next);
  });
  const pageHeaders = webSecurityHeaders(index);
  const publicProfileHeaders = webSecurityHeaders(publicProfile);
  const assetHeaders = assetSecurityHeaders();
  const errorHeaders = securityHeaders();
  app.use(async (ctx, next) => {
    if (!isAsset(ctx.path)) return (pageOf(ctx.path) === publicProfile ? publicProfileHeaders : pageHeaders)(ctx, next);
    await assetHeaders(ctx, next);
    // Not the script asked for (missing, out of the folder, a bad escape, a POST): a data answer's
    // headers, and never kept (a file that is missing now may be deployed a moment later).
    if (ctx.status >= 400) {
      await errorHeaders(ctx, async () => undefined);
      ctx.set('Cache-Control', 'no-store');
    }
  });
  app.use(opsRoutes({ ready, metricsToken: options.metricsToken, trustProxyHops: options.trustProxyHops, stopping: options.stopping }));
  app.use(frontDoorRoutes(options.health).routes());
  app.use(async (ctx, next) => {
    if (isApi(ctx.path)) {
      ctx.respond = false; // the service answers on the raw response
      const readOnly = ctx.method === 'GET' || ctx.method === 'HEAD';
      await (readOnly ? options.query : options.command)(ctx.req, ctx.res);
      return;
    }
    await next();
  });
  // koa-send throws for a path out of the app's folder (403) or a bad escape (400): answered here,
  // as Koa would, but keeping the headers set above (Koa's own error answer drops every header).
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (typeof status !== 'number' || status < 400 || status >= 500) throw error;
      ctx.status = status;
    }
  });
  // gzip/brotli for the app's files (the services answer /api themselves, above).
  app.use(compress({ threshold: 1024 }));
  app.use(async (ctx, next) => {
    // Hashed assets never change; the shell must always be fresh.
    if (isAsset(ctx.path)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    await next();
  });
  app.use(serve(dist, { index: false, gzip: true, brotli: true }));
  app.use(async (ctx) => {
    // A missing asset is a 404, never the app's page (which would go out without a page's headers).
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isAsset(ctx.path)) return;
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.body = 'The web app is not built yet: run `npm run build -w @bt/web`.';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = createReadStream(pageOf(ctx.path));
  });
  return app;
};
