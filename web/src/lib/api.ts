import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { ApiError } from './api-error';
import { apiFetch, errorFromResponse, type ApiRequest } from './http';

/** JSON answers parse; an empty body (204) is null. */
const baseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (args, { signal }) => {
  const request = typeof args === 'string' ? { url: args } : args;
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

export const TAGS = ['Bet', 'Parlay', 'Stats', 'Streaks', 'Bankroll', 'Goal', 'Journal', 'User'] as const;

/**
 * What a change to bets or parlays moves: history, stats, streaks, the bankroll (settled profit)
 * and goals (their progress is the profit of bets dated in their window).
 */
export const BET_RESULT_TAGS = ['Bet', 'Parlay', 'Stats', 'Streaks', 'Bankroll', 'Goal'] as const;

/**
 * The one RTK Query slice. Features inject their endpoints; tags tie every write to the reads it
 * changes. Spec section 7: data never goes stale by time, no refetch on focus, no retries.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
