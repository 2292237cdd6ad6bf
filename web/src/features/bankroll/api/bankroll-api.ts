import type { z } from 'zod';
import type { Bankroll, fundsBody } from '@bt/contracts';
import { api } from '../../../lib/api';

export const bankrollApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBankroll: build.query<Bankroll, void>({
      query: () => '/bankroll',
      providesTags: ['Bankroll'],
    }),
    /** Posts the deposit itself (docs/api.md), not current + deposit as the old client did. */
    addFunds: build.mutation<Bankroll, z.input<typeof fundsBody>>({
      query: (body) => ({ url: '/bankroll', method: 'POST', body }),
      invalidatesTags: ['Bankroll'],
    }),
  }),
});

export const { useGetBankrollQuery, useAddFundsMutation } = bankrollApi;
