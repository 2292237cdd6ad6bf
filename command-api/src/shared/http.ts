import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { parse as parseJson } from '@hapi/bourne';
import inflate from 'inflation';
import getRawBody from 'raw-body';
import type { z } from 'zod';
import { EVENT_SCHEMA_VERSION, MESSAGES } from '@bt/contracts';
import { formatPosition, type EventMetadata, type Position } from '@bt/event-store';
import { currentUserId, HttpError, NotFoundError, setLogPosition, ValidationError } from '@bt/platform';
import type { CommandMetadata } from './command';
import { derivedId, isUuid } from './ids';
import type { Services } from './services';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body (`jsonBody`); `{}` for a write without one. */
    body?: unknown;
    /** The JSON body's text, for the idempotency fingerprint. */
    rawBody?: string;
  }
}

/** Set on an answer given again to a retry rather than by running the request. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Set by the idempotency middleware on a POST that carries an Idempotency-Key. */
export interface IdempotencyState {
  key: string;
  /** sha256 of the request (method, path, query, body). */
  fingerprint: string;
  /** The key's earlier attempt was abandoned mid-way: it may have appended already. */
  recovering: boolean;
  /**
   * The created stream is the record (`idempotentCreate`): its first event carries the fingerprint,
   * and its id is derived from the route too (the same key on another route creates another item;
   * without a table nothing else would keep a bet and a parlay from sharing an id).
   */
  inStream: boolean;
  /** The request's path. */
  route: string;
}

/** Everything a route needs to build commands and events for this request. */
export interface RequestScope {
  userId: string;
  /** Metadata of the commands the request decides. */
  command: CommandMetadata;
  /** Metadata of every event the request appends. */
  event: EventMetadata;
  /** A retry taking over an abandoned attempt with the same Idempotency-Key (see handle's `recovering`). */
  recovering: boolean;
  /** Id of the aggregate a POST creates: derived from (user, Idempotency-Key) when given, else new (v7). */
  newId(): string;
}

export const requestScope = (ctx: Context, services: Services, userId: string = currentUserId(ctx)): RequestScope => {
  const idempotency = ctx.state.idempotency as IdempotencyState | undefined;
  const event: EventMetadata = {
    occurredAt: services.clock().toISOString(),
    commandId: services.newId(),
    schemaVersion: EVENT_SCHEMA_VERSION,
  };
  if (idempotency) event.idempotencyKey = idempotency.key;
  if (idempotency?.inStream) event.requestFingerprint = idempotency.fingerprint;
  return {
    userId,
    command: { userId, now: event.occurredAt },
    event,
    recovering: idempotency?.recovering ?? false,
    newId: () =>
      !idempotency
        ? services.newId()
        : idempotency.inStream
          ? derivedId(userId, idempotency.key, idempotency.route)
          : derivedId(userId, idempotency.key),
  };
};

/** Parses a body with its contracts schema; a ZodError becomes a 400 with the first message. */
export const parseBody = <S extends z.ZodType>(schema: S, ctx: Context): z.output<S> => schema.parse(ctx.request.body ?? {});

/** `If-Match: "3"` (or W/"3", or 3): the version the client last saw; undefined when absent or `*`. */
export const ifMatch = (ctx: Context): bigint | undefined => {
  const header = ctx.get('If-Match').trim();
  if (header === '' || header === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,18})"?$/.exec(header);
  if (!m) throw new ValidationError(MESSAGES.badIfMatch);
  return BigInt(m[1]);
};

/** Answers a write: status, JSON body and X-Log-Position (and Idempotent-Replayed for an answer given again). */
export const reply = (ctx: Context, status: number, body: unknown, position: Position | undefined, replayed = false): void => {
  ctx.status = status;
  ctx.body = body;
  if (position) setLogPosition(ctx, formatPosition(position));
  if (replayed) ctx.set(REPLAYED_HEADER, 'true');
};

const bodyError = (error: Error & { status?: number; type?: string }): HttpError => {
  if (error.status === 413 || error.type === 'entity.too.large') return new HttpError(413, MESSAGES.bodyTooLarge);
  if (error.status === 415) return new HttpError(415, error.message); // a Content-Encoding other than gzip, deflate or br
  return new ValidationError(MESSAGES.badJson); // cut off, or shorter or longer than its Content-Length
};

const JSON_LIMIT_BYTES = 1024 * 1024;
/** Strict: a byte sequence that is not UTF-8 is an error, never U+FFFD (a leading BOM is dropped). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** A JSON body is an object or an array (a bare value never is a request of ours). */
const JSON_OBJECT_OR_ARRAY = /^[\x20\x09\x0a\x0d]*[[{]/;

/** A request with a body: some bytes declared, or sent chunked. A browser's write without one says 0. */
const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * JSON bodies of POST, PUT and PATCH, up to 1 MB (413 beyond), into `ctx.request.body` (`{}` for a
 * write without a body, whatever its type). A body must say it is JSON (application/json or a
 * +json type): else 415, so that no form, text or CSV is taken for JSON (a browser sends those
 * cross-site without asking first). Its bytes must be UTF-8 (else 400; a lenient decode would
 * store U+FFFD in place of what was sent), then JSON (an object or an array; `__proto__` keys
 * refused), else 400. gzip, deflate and br bodies are inflated first.
 */
export const jsonBody = (): Middleware => async (ctx, next) => {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) || !hasBody(ctx.req)) {
    ctx.request.body = {};
    ctx.request.rawBody = '';
    return next();
  }
  if (!ctx.is('json', '+json')) throw new HttpError(415, MESSAGES.notJson);
  let bytes: Buffer;
  try {
    const identity = (ctx.get('Content-Encoding') || 'identity') === 'identity';
    bytes = await getRawBody(inflate(ctx.req), {
      limit: JSON_LIMIT_BYTES,
      length: identity ? ctx.get('Content-Length') || undefined : undefined,
    });
  } catch (error) {
    throw bodyError(error as Error);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new ValidationError(MESSAGES.notUtf8);
  }
  if (text !== '' && !JSON_OBJECT_OR_ARRAY.test(text)) throw new ValidationError(MESSAGES.badJson);
  try {
    ctx.request.body = text === '' ? {} : (parseJson(text, { protoAction: 'error' }) as unknown);
  } catch {
    throw new ValidationError(MESSAGES.badJson);
  }
  ctx.request.rawBody = text;
  await next();
};

/** The `:id` of a route; anything but a UUID names nothing, so it is a 404 like a missing id. */
export const idParam = (ctx: Context, notFound: string): string => {
  const id = (ctx as Context & { params?: Record<string, string> }).params?.id ?? '';
  if (!isUuid(id)) throw new NotFoundError(notFound);
  return id.toLowerCase();
};

/** The state a write left, when it is the live kind; else the thing is gone (404). */
export const present = <S extends { status: string }, K extends S['status']>(
  state: S,
  status: K,
  notFound: string,
): Extract<S, { status: K }> => {
  if (state.status !== status) throw new NotFoundError(notFound);
  return state as Extract<S, { status: K }>;
};
