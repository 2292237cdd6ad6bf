import type { Context, Middleware } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { z } from 'zod';
import { EVENT_SCHEMA_VERSION, MESSAGES } from '@bt/contracts';
import { formatPosition, type EventMetadata, type Position } from '@bt/event-store';
import { currentUserId, HttpError, NotFoundError, setLogPosition, ValidationError } from '@bt/platform';
import type { CommandMetadata } from './command';
import { derivedId, isUuid } from './ids';
import type { Services } from './services';

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
  if (error.status === 415) return new HttpError(415, error.message);
  return new ValidationError(MESSAGES.badJson);
};

/** JSON bodies up to 1 MB; a body without a content type (or text/plain) is read as JSON too. */
export const jsonBody = (): Middleware =>
  bodyParser({
    enableTypes: ['json'],
    jsonLimit: '1mb',
    detectJSON: (ctx) => ctx.request.type === '' || ctx.request.type === 'text/plain',
    onError: (error) => {
      throw bodyError(error);
    },
  }) as Middleware;

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
