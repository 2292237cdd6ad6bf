import type { z } from 'zod';
import type { BetRow, LegOutcome, Outcome, Parlay, parlayAmendBody, parlayBody, PricedParlay } from '@bt/contracts';
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
    /** The parlay in one tap (POST /api/bets/:id/settle takes a parlay's id), or its undo; If-Match as below. */
    settleParlay: build.mutation<BetRow, { id: string; body: { outcome: Outcome; cashOutAmount?: number }; version: number }>({
      query: ({ id, body, version }) => ({ url: `/bets/${encodeURIComponent(id)}/settle`, method: 'POST', body, ifMatch: version }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** One leg's outcome in one tap, or its undo; If-Match: a parlay changed since it was listed is a 409. */
    settleLeg: build.mutation<Parlay, { id: string; index: number; outcome: LegOutcome; version: number }>({
      query: ({ id, index, outcome, version }) => ({
        url: `/parlays/${encodeURIComponent(id)}/legs/${index}/settle`,
        method: 'POST',
        body: { outcome },
        ifMatch: version,
      }),
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

export const {
  useGetParlaysQuery,
  useCreateParlayMutation,
  useUpdateParlayMutation,
  useDeleteParlayMutation,
  useRestoreParlayMutation,
  useSettleLegMutation,
  useSettleParlayMutation,
} = parlaysApi;
