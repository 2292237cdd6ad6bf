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
 * The headers of a hashed asset of the web app (a script or a stylesheet: never a document, which
 * is all CSP, framing, COOP, Origin-Agent-Cluster and the old XSS/download/DNS headers act on):
 * nosniff (a script is run only as what it says it is), CORP same-origin (no other site reads it),
 * HSTS and no referrer. A document's set is ~1 KB a response; the landing loads 9 scripts.
 */
export const assetSecurityHeaders = (): Middleware =>
  helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

/**
 * `Cache-Control: no-store` on every answer of this app, errors included: its answers carry tokens
 * or a user's data, which no browser or proxy cache may keep.
 */
export const noStore: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  await next();
};
