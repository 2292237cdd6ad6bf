import type { Outcome, Parlay, Sport } from '@bt/contracts';
import { api, BET_RESULT_TAGS } from '../../../lib/api';

export interface ParlayLegInput {
  sport: Sport;
  event: string;
  selection: string;
  odds: string;
  date: string;
  outcome: Outcome;
}

/** POST/PUT /api/parlays body. The server prices the parlay itself; the totals are sent for the record. */
export interface ParlayInput {
  name: string;
  stake: number;
  outcome: Outcome;
  notes: string | null;
  legs: ParlayLegInput[];
  totalOdds: string;
  potentialProfit: number;
}

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
    updateParlay: build.mutation<Parlay, { id: string; body: ParlayInput }>({
      query: ({ id, body }) => ({ url: `/parlays/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
  }),
});

export const { useGetParlaysQuery, useCreateParlayMutation, useUpdateParlayMutation } = parlaysApi;
