import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { MESSAGES } from '@bt/contracts';
import { createApi, retry } from '@reduxjs/toolkit/query/react';
import { isApiError, type ApiError } from './api-error';
import { waitForServer } from './connectivity';
import { apiFetch, errorFromResponse, newIdempotencyKey, type ApiRequest } from './http';

/** A macrotask of its own: what follows runs after the task that called it (and the browser may paint between). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * JSON answers parse; an empty body (204) is null. A read's fetch runs in a task of its own: a
 * screen's queries start together in one commit's effects, and building and sending each request
 * (fetch, headers) in that same task made it one of the page load's longest (issue 37).
 */
const singleQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (args, { signal, type }) => {
  const request = typeof args === 'string' ? { url: args } : args;
  if (type === 'query') await nextTask();
  const result = await apiFetch(request, signal);
  if ('error' in result) return { error: result.error };
  const { response } = result;
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    return { error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } };
  }
  if (!response.ok) return { error: errorFromResponse(response, text) };
  if (text === '') return { data: null };
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return { data: text };
  }
};

/** Attempts after the first for a request that failed on the network (or, for a read, with a 5xx). */
const RETRIES = 3;

/** The command API's answer while the first attempt with the same key is still running. */
const stillInProgress = (error: ApiError) => error.status === 409 && error.serverMessage === MESSAGES.idempotencyInProgress;

/**
 * Reads that fail because the server could not be reached (network error) or failed (5xx) are
 * tried again a few times with RTK Query's exponential backoff; a 4xx is an answer and is never
 * retried. A write is tried again only when no answer came back (or its first attempt is still
 * running): it carries the same Idempotency-Key every time, so the server records it once.
 */
const retrying = retry(singleQuery, {
  retryCondition: (error, _args, { attempt, baseQueryApi }) => {
    if (attempt > RETRIES || !isApiError(error)) return false;
    if (baseQueryApi.type === 'query') return error.status === 'FETCH_ERROR' || error.status >= 500;
    return error.status === 'FETCH_ERROR' || stillInProgress(error);
  },
});

/** No answer, or the gateway's word that the server is down: the write was not refused, only not heard. */
const unheard = (error: unknown) =>
  isApiError(error) && (error.status === 'FETCH_ERROR' || [502, 503, 504].includes(error.status as number));

/**
 * Gives each POST its Idempotency-Key before the first attempt, so every retry reuses it. A write
 * the server did not hear (after the quick retries) is not given up: it waits, counted in the
 * banner, until the server answers again, and is sent again then (the same key: recorded once).
 */
const baseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (args, api, extraOptions) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const keyed = request.method === 'POST' && !request.idempotencyKey ? { ...request, idempotencyKey: newIdempotencyKey() } : request;
  let result = await retrying(keyed, api, extraOptions);
  while (api.type === 'mutation' && unheard(result.error) && !api.signal.aborted) {
    await waitForServer();
    result = await retrying(keyed, api, extraOptions);
  }
  return result;
};

export const TAGS = ['Bet', 'Parlay', 'Stats', 'Streaks', 'Bankroll', 'Goal', 'Journal', 'User', 'Settings', 'Profile'] as const;

/**
 * What a change to bets or parlays moves: history, stats, streaks, the bankroll (settled profit)
 * and goals (their progress is the profit of bets dated in their window).
 */
export const BET_RESULT_TAGS = ['Bet', 'Parlay', 'Stats', 'Streaks', 'Bankroll', 'Goal'] as const;

/**
 * The one RTK Query slice. Features inject their endpoints; tags tie every write to the reads it
 * changes. Data never goes stale by time (spec section 7); reads refetch when the window regains
 * Focus or the connection comes back, so a screen that failed recovers by itself.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  keepUnusedDataFor: 300,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
