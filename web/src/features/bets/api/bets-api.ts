import type { z } from 'zod';
import {
  NO_BOOK,
  type Analytics,
  type BetChange,
  type BetRow,
  type BetsPage,
  type BetsTotals,
  type betAmendBody,
  type betBody,
  type Outcome,
} from '@bt/contracts';
import { api, BET_RESULT_TAGS } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

/** POST /api/bets body (docs/api.md), as contracts' schema takes it; the user comes from the token, never the body. */
export type BetInput = z.input<typeof betBody>;
/** PUT /api/bets/:id body: what it leaves out stays. */
export type BetAmendInput = z.input<typeof betAmendBody>;

export const betsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of Bet History, filtered and sorted by the server (GET /api/bets?page=). */
    getBetsPage: build.query<BetsPage, Record<string, string>>({
      query: (params) => ({ url: '/bets', params }),
      providesTags: ['Bet'],
    }),
    /**
     * The totals of every row the filters keep (GET /api/bets/totals): asked with the filters alone,
     * so paging and sorting reuse them.
     */
    getBetsTotals: build.query<BetsTotals, Record<string, string>>({
      query: (params) => ({ url: '/bets/totals', params }),
      providesTags: ['Bet'],
    }),
    /**
     * The names the book and tag filters offer: the keys of the analytics breakdowns by book and by
     * tag, two small answers, rather than the whole history.
     */
    getHistoryChoiceKeys: build.query<{ books: string[]; tags: string[] }, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const [byBook, byTag] = await Promise.all([
          baseQuery({ url: '/analytics', params: { by: 'book' } }),
          baseQuery({ url: '/analytics', params: { by: 'tag' } }),
        ]);
        if (byBook.error) return { error: byBook.error };
        if (byTag.error) return { error: byTag.error };
        const keys = (answer: unknown) => (answer as Analytics).rows.map((row) => row.key);
        return { data: { books: keys(byBook.data), tags: keys(byTag.data) } };
      },
      providesTags: ['Bet'],
    }),
    /**
     * The bettor's books with how many bets and parlays each holds (the analytics breakdown by book,
     * a small answer), for the forms' suggestions: never the whole history.
     */
    getBookUsage: build.query<{ book: string; count: number }[], void>({
      query: () => ({ url: '/analytics', params: { by: 'book' } }),
      transformResponse: (answer: Analytics) =>
        answer.rows.filter((row) => row.key !== NO_BOOK).map((row) => ({ book: row.key, count: row.bets })),
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
    /**
     * One tap's settlement, or its undo (POST /api/bets/:id/settle; a parlay row's id settles the
     * parlay), only if the row is still the version given (If-Match; else 409).
     */
    settleBet: build.mutation<BetRow, { id: string; body: { outcome: Outcome; cashOutAmount?: number }; version: number }>({
      query: ({ id, body, version }) => ({ url: `/bets/${encodeURIComponent(id)}/settle`, method: 'POST', body, ifMatch: version }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** A parlay row's id deletes the parlay. */
    deleteBet: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/bets/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** The removed bets and parlays, newest removal first (GET /api/bets?deleted=true). */
    getDeletedBets: build.query<BetRow[], void>({
      query: () => '/bets?deleted=true',
      providesTags: ['Bet'],
    }),
    /** A parlay row's id restores the parlay; every page that counts it refreshes. */
    restoreBet: build.mutation<BetRow, string>({
      query: (id) => ({ url: `/bets/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** Every change of a bet or parlay, oldest first (GET /api/bets/:id/history). */
    getBetChanges: build.query<BetChange[], string>({
      query: (id) => `/bets/${encodeURIComponent(id)}/history`,
      providesTags: ['Bet', 'Parlay'],
    }),
  }),
});

export const {
  useGetBetsPageQuery,
  useGetBetsTotalsQuery,
  useGetBookUsageQuery,
  useGetHistoryChoiceKeysQuery,
  useAddBetMutation,
  useUpdateBetMutation,
  useSettleBetMutation,
  useDeleteBetMutation,
  useGetDeletedBetsQuery,
  useRestoreBetMutation,
  useGetBetChangesQuery,
} = betsApi;

/**
 * GET /api/export/bets.csv with the bearer token, saved as a file: every row, or with History's
 * filters only the rows they keep. Throws an ApiError on failure.
 */
export const downloadBetsCsv = async (filters?: Record<string, string>): Promise<void> => {
  const query = filters ? `?${new URLSearchParams(filters).toString()}` : '';
  await downloadFile({ url: `/export/bets.csv${query}`, accept: 'text/csv', fallbackName: 'bets.csv' });
};
