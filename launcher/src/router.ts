import Koa from 'koa';
import compress from 'koa-compress';
import serve from 'koa-static';
import { createReadStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The one origin the browser sees: GET/HEAD /api/* to query-api, every other /api method to
 * command-api, /healthz, and the built web app with the SPA fallback to index.html.
 */
export const createFrontDoor = (options: {
  query: Handler;
  command: Handler;
  webDist: string;
  health: () => Promise<Record<string, unknown>>;
}): Koa => {
  const app = new Koa();
  const dist = resolve(options.webDist);
  const index = join(dist, 'index.html');
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      try {
        ctx.body = { status: 'ok', ...(await options.health()) };
      } catch (error) {
        ctx.status = 503;
        ctx.body = { status: 'unavailable', message: (error as Error).message };
      }
      return;
    }
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.respond = false; // the service answers on the raw response
      const readOnly = ctx.method === 'GET' || ctx.method === 'HEAD';
      await (readOnly ? options.query : options.command)(ctx.req, ctx.res);
      return;
    }
    await next();
  });
  // gzip/brotli for the app's files (the services answer /api themselves, above).
  app.use(compress({ threshold: 1024 }));
  app.use(async (ctx, next) => {
    // Hashed assets never change; the shell must always be fresh.
    if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    await next();
  });
  app.use(serve(dist, { index: false, gzip: true, brotli: true }));
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.body = 'The web app is not built yet: run `npm run build -w @bt/web`.';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = createReadStream(index);
  });
  return app;
};
