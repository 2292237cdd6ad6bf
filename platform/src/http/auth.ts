import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import koaJwt from 'koa-jwt';
import type { Context, Middleware } from 'koa';
import type { SessionRegistry } from '../sessions';
import { UnauthorizedError } from './errors';

export interface TokenClaims {
  sub: string;
  /** The user's session generation when the token was signed; absent on tokens signed before revocation existed (0). */
  gen?: number;
  iat?: number;
  exp?: number;
}

const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Clock skew allowed between the process that signed a token and the one that checks it. */
const SKEW_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/*
 * The secret goes to jsonwebtoken as a KeyObject: given a string, it first tries to read it as a
 * PEM public key on every sign and verify and throws, which cost most of a request's CPU
 * (~1.4 ms against ~30 us).
 */
const keys = new Map<string, KeyObject>();
const keyOf = (secret: string): KeyObject => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
};

/** Signs a session token (HS256, 30 days) whose subject is the user id, at the user's current session generation. */
export const signToken = (userId: string, secret: string, generation = 0): string =>
  jwt.sign({ gen: generation }, keyOf(secret), { subject: userId, expiresIn: TOKEN_LIFETIME_SECONDS, algorithm: 'HS256' });

/**
 * Whether verified claims make a session: it expires (no `exp`, or one further off than a token's
 * lifetime, is refused) and its subject is a user id. Exported for tests.
 */
export const wellFormedClaims = (claims: Partial<TokenClaims> | undefined, nowSeconds = Date.now() / 1000): claims is TokenClaims =>
  typeof claims?.sub === 'string' &&
  UUID.test(claims.sub) &&
  typeof claims.exp === 'number' &&
  claims.exp <= nowSeconds + TOKEN_LIFETIME_SECONDS + SKEW_SECONDS &&
  (claims.gen === undefined || (Number.isSafeInteger(claims.gen) && claims.gen >= 0));

/**
 * Requires a valid bearer token of a current session; the user is the token's subject, never a
 * body field. With `sessions`, the subject must be an existing user and the token's generation
 * must not be below the user's (a revoked session is a 401); without, only the signature and
 * claims are checked (the benchmark's baseline).
 */
export const requireAuth = (secret: string, sessions?: Pick<SessionRegistry, 'generation'>): Middleware => {
  const verify = koaJwt({ secret: keyOf(secret) as never, algorithms: ['HS256'], key: 'auth' }) as unknown as Middleware;
  const current: Middleware = async (ctx, next) => {
    const claims = ctx.state.auth as Partial<TokenClaims> | undefined;
    if (!wellFormedClaims(claims)) throw new UnauthorizedError();
    ctx.state.auth = { ...claims, sub: claims.sub.toLowerCase() };
    if (sessions) {
      const generation = await sessions.generation(claims.sub.toLowerCase());
      if (generation === undefined || (claims.gen ?? 0) < generation) throw new UnauthorizedError();
    }
    await next();
  };
  return (ctx, next) => verify(ctx, () => current(ctx, next));
};

/** The signed-in user's id; call only behind `requireAuth`. */
export const currentUserId = (ctx: Context): string => {
  const sub = (ctx.state.auth as TokenClaims | undefined)?.sub;
  if (!sub) throw new UnauthorizedError();
  return sub;
};
