import type { z } from 'zod';
import type { Bankroll, fundsBody } from '@bt/contracts';
import { api } from '../../../lib/api';
import { asOfParams, type PastDay } from '../../../lib/as-of';

export const bankrollApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `asOf`: the balance at the end of that day in its reading (a replay); now when undefined. */
    getBankroll: build.query<Bankroll, PastDay | undefined>({
      query: (asOf) => ({ url: '/bankroll', params: asOfParams(asOf) }),
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
