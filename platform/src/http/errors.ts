import { ZodError } from 'zod';
import { firstMessage, MESSAGES } from '@bt/contracts';
import type { Middleware } from 'koa';

/** The small typed set of errors a service raises; each knows its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
export class ValidationError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message: string = MESSAGES.unauthorized) {
    super(401, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string = MESSAGES.staleRevision) {
    super(409, message);
  }
}
/** 429 (a limit per client or user) or 503 (the server is full): answered with `Retry-After`. */
export class RetryLaterError extends HttpError {
  constructor(
    status: 429 | 503,
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(status, message);
  }
}
/** Too many attempts by this client: 429 with `Retry-After` and the message of contracts. */
export class TooManyRequestsError extends RetryLaterError {
  constructor(retryAfterSeconds: number, message: string = MESSAGES.tooManyAttempts(retryAfterSeconds)) {
    super(429, Math.max(1, Math.ceil(retryAfterSeconds)), message);
  }
}

/**
 * Maps errors to JSON `{ message }` (after `requestLog`). A ZodError is a 400 with its first issue's
 * message; errors from Koa and its middleware keep their 4xx status; anything else becomes a 500
 * without internals, its error left on `ctx.state.error` for the request log (with its stack) and
 * handed to `log` when given.
 */
export const errorMiddleware =
  (log?: (error: unknown) => void): Middleware =>
  async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const { status, message } = toResponse(error);
      if (status >= 500 && !(error instanceof RetryLaterError)) {
        ctx.state.error = error;
        log?.(error);
      }
      if (error instanceof RetryLaterError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.status = status;
      ctx.body = { message };
    }
  };

const toResponse = (error: unknown): { status: number; message: string } => {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (error instanceof ZodError) return { status: 400, message: firstMessage(error) };
  const e = error as { status?: number; statusCode?: number; type?: string; message?: string; expose?: boolean };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (e.type === 'entity.too.large') return { status: 413, message: MESSAGES.bodyTooLarge };
    if (e.type === 'entity.parse.failed') return { status: 400, message: MESSAGES.badJson };
    if (status === 401) return { status, message: MESSAGES.unauthorized };
    return { status, message: e.expose !== false && e.message ? e.message : MESSAGES.badRequest };
  }
  return { status: 500, message: MESSAGES.internalError };
};
