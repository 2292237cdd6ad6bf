import jwt from 'jsonwebtoken';
import koaJwt from 'koa-jwt';
import type { Context, Middleware } from 'koa';
import { UnauthorizedError } from './errors';

export interface TokenClaims {
  sub: string;
}

const TOKEN_LIFETIME = '30d';

/** Signs a session token whose subject is the user id (HS256). */
export const signToken = (userId: string, secret: string): string =>
  jwt.sign({}, secret, { subject: userId, expiresIn: TOKEN_LIFETIME, algorithm: 'HS256' });

/** Requires a valid bearer token; the user is the token's subject, never a body field. */
export const requireAuth = (secret: string): Middleware =>
  koaJwt({ secret, algorithms: ['HS256'], key: 'auth' }) as unknown as Middleware;

/** The signed-in user's id; call only behind `requireAuth`. */
export const currentUserId = (ctx: Context): string => {
  const sub = (ctx.state.auth as TokenClaims | undefined)?.sub;
  if (!sub) throw new UnauthorizedError();
  return sub;
};
