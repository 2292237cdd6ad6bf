import type { z } from 'zod';
import type { BetRow, betAmendBody, betBody } from '@bt/contracts';
import { api, BET_RESULT_TAGS } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

/** POST /api/bets body (docs/api.md), as contracts' schema takes it; the user comes from the token, never the body. */
export type BetInput = z.input<typeof betBody>;
/** PUT /api/bets/:id body: what it leaves out stays. */
export type BetAmendInput = z.input<typeof betAmendBody>;

export const betsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** History rows, newest first: single bets and parlays (kind 'parlay'). */
    getBets: build.query<BetRow[], void>({
      query: () => '/bets',
      providesTags: ['Bet'],
    }),
    addBet: build.mutation<BetRow, BetInput>({
      query: (body) => ({ url: '/bets', method: 'POST', body }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** With `version`, only if the bet is still as the client saw it (If-Match; else 409). */
    updateBet: build.mutation<BetRow, { id: string; body: BetAmendInput; version?: number }>({
      query: ({ id, body, version }) => ({ url: `/bets/${encodeURIComponent(id)}`, method: 'PUT', body, ifMatch: version }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** A parlay row's id deletes the parlay. */
    deleteBet: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/bets/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
  }),
});

export const { useGetBetsQuery, useAddBetMutation, useUpdateBetMutation, useDeleteBetMutation } = betsApi;

/** GET /api/export/bets.csv with the bearer token, saved as a file. Throws an ApiError on failure. */
export const downloadBetsCsv = async (): Promise<void> => {
  await downloadFile({ url: '/export/bets.csv', accept: 'text/csv', fallbackName: 'bets.csv' });
};
