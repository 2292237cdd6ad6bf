import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/** Content-Security-Policy directives in helmet's shape (camelCase names, lists of sources). */
export type CspDirectives = Record<string, string[]>;

/** An answer that is data, not a document: it may load nothing and be framed by no one. */
export const DATA_CSP: CspDirectives = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * Helmet's security headers for every answer of a service or the front door, with these choices:
 * the given CSP (a data answer's by default), always with `frame-ancestors 'none'` plus
 * `X-Frame-Options: DENY` (the app is never framed), `Referrer-Policy: no-referrer`, and no
 * `upgrade-insecure-requests` (the embedded default is plain http on a LAN address, where it would
 * break every asset). nosniff, HSTS, COOP/CORP and the rest are helmet's defaults.
 */
export const securityHeaders = (directives: CspDirectives = DATA_CSP): Middleware =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });

/**
 * `Cache-Control: no-store` on every answer of this app, errors included: its answers carry tokens
 * or a user's data, which no browser or proxy cache may keep.
 */
export const noStore: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  await next();
};
