import type { z } from 'zod';
import type { Parlay, parlayAmendBody, parlayBody, PricedParlay } from '@bt/contracts';
import { api, BET_RESULT_TAGS } from '../../../lib/api';

/**
 * POST /api/parlays body, as contracts' schema takes it. The server prices the parlay itself; the
 * form's totals ride along for the record (the schema leaves them out, the server ignores them).
 */
export type ParlayInput = z.input<typeof parlayBody> & Pick<PricedParlay, 'totalOdds' | 'potentialProfit'>;
/** PUT /api/parlays/:id body: what it leaves out of name, outcome and notes stays; without a date, a derived date follows the legs. */
export type ParlayAmendInput = z.input<typeof parlayAmendBody> & Pick<PricedParlay, 'totalOdds' | 'potentialProfit'>;

export const parlaysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getParlays: build.query<Parlay[], void>({
      query: () => '/parlays',
      providesTags: ['Parlay'],
    }),
    createParlay: build.mutation<Parlay, ParlayInput>({
      query: (body) => ({ url: '/parlays', method: 'POST', body }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    updateParlay: build.mutation<Parlay, { id: string; body: ParlayAmendInput }>({
      query: ({ id, body }) => ({ url: `/parlays/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** With If-Match: a parlay changed since it was listed is not deleted (409). */
    deleteParlay: build.mutation<{ message: string }, Pick<Parlay, 'id' | 'version'>>({
      query: ({ id, version }) => ({ url: `/parlays/${encodeURIComponent(id)}`, method: 'DELETE', ifMatch: version }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    restoreParlay: build.mutation<Parlay, string>({
      query: (id) => ({ url: `/parlays/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
  }),
});

export const { useGetParlaysQuery, useCreateParlayMutation, useUpdateParlayMutation, useDeleteParlayMutation, useRestoreParlayMutation } =
  parlaysApi;
