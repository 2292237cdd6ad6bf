import { LOG_POSITION_HEADER, MIN_POSITION_HEADER } from '@bt/contracts';
import type { ApiError } from './api-error';
import { noteServerAnswer } from './connectivity';
import { highestLogPosition, noteLogPosition } from './log-position';
import { readToken, tokenRefused } from './session';

export interface ApiRequest {
  /** Path below /api, e.g. '/bets'. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain value is sent as JSON; a string or Blob is sent as is (with `contentType`). */
  body?: unknown;
  contentType?: string;
  params?: Record<string, string | undefined>;
  /** Accept header; JSON unless said otherwise. */
  accept?: string;
  /** The row's `version` as last seen: sent as If-Match, so a write over a newer change is a 409. */
  ifMatch?: number;
  /**
   * Sent as Idempotency-Key on a POST: one key per logical request, the same on every retry of it,
   * so a retry after a lost answer is recorded once. A POST without one gets a fresh key.
   */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random (v4) UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Their 401 means wrong credentials, not a session that ended. */
const SIGN_IN = new Set(['/auth/login', '/auth/register']);

const isRawBody = (body: unknown): body is string | Blob => typeof body === 'string' || body instanceof Blob;

/**
 * fetch() with what every call needs: cookies, the bearer token when one is stored, a JSON
 * content type only when there is a body, X-Min-Position on reads, an Idempotency-Key on POSTs,
 * and X-Log-Position noted from the answer. Network failures become an ApiError with status 'FETCH_ERROR'.
 */
export const apiFetch = async (request: ApiRequest, signal?: AbortSignal): Promise<{ response: Response } | { error: ApiError }> => {
  const method = request.method ?? 'GET';
  const headers = new Headers({ Accept: request.accept ?? 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (request.body !== undefined) {
    if (isRawBody(request.body)) {
      body = request.body;
      headers.set('Content-Type', request.contentType ?? 'text/plain');
    } else {
      body = JSON.stringify(request.body);
      headers.set('Content-Type', 'application/json');
    }
  }
  if (request.ifMatch !== undefined) headers.set('If-Match', `"${request.ifMatch}"`);
  if (method === 'POST') headers.set(IDEMPOTENCY_HEADER, request.idempotencyKey ?? newIdempotencyKey());
  const position = highestLogPosition();
  if (method === 'GET' && position) headers.set(MIN_POSITION_HEADER, position);

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.params ?? {})) {
    if (value !== undefined) search.set(key, value);
  }
  const queryText = search.toString();
  const query = queryText ? `?${queryText}` : '';

  try {
    const response = await fetch(`/api${request.url}${query}`, {
      method,
      headers,
      body,
      credentials: 'include',
      signal,
    });
    noteLogPosition(response.headers.get(LOG_POSITION_HEADER));
    noteServerAnswer(response.status);
    // A refused session (revoked, expired): only a 401, and not the answer to a sign-in attempt.
    if (response.status === 401 && token && !SIGN_IN.has(request.url)) tokenRefused(token);
    return { response };
  } catch (cause) {
    // A request the page called off (leaving a screen) says nothing about the server.
    if (!signal?.aborted) noteServerAnswer('network');
    return { error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } };
  }
};

/** Turns a non-OK response into the ApiError of spec section 8. */
export const errorFromResponse = (response: Response, text: string): ApiError => {
  let serverMessage: string | undefined;
  let body: unknown;
  try {
    const parsed: unknown = JSON.parse(text);
    body = parsed;
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string') {
      serverMessage = (parsed as { message: string }).message;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return { status: response.status, message: `${response.status}: ${text || response.statusText}`, serverMessage, body };
};
