import type { z } from 'zod';
import type { Analytics, BetRow, BetsPage, betAmendBody, betBody } from '@bt/contracts';
import { api, BET_RESULT_TAGS } from '../../../lib/api';
import { apiFetch, errorFromResponse } from '../../../lib/http';

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
    /** One page of Bet History, filtered and sorted by the server (GET /api/bets?page=). */
    getBetsPage: build.query<BetsPage, Record<string, string>>({
      query: (params) => ({ url: '/bets', params }),
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

export const {
  useGetBetsQuery,
  useGetBetsPageQuery,
  useGetHistoryChoiceKeysQuery,
  useAddBetMutation,
  useUpdateBetMutation,
  useDeleteBetMutation,
} = betsApi;

/** GET /api/export/bets.csv with the bearer token, saved as a file. Throws an ApiError on failure. */
export const downloadBetsCsv = async (): Promise<void> => {
  const result = await apiFetch({ url: '/export/bets.csv', accept: 'text/csv' });
  if ('error' in result) throw result.error;
  const { response } = result;
  if (!response.ok) throw errorFromResponse(response, await response.text());
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'bets.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
};
