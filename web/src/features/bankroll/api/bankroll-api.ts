import type { z } from 'zod';
import type { adjustBankrollBody, Bankroll, BankrollAdjustment, BankrollLedger, BankrollUndone, fundsBody } from '@bt/contracts';
import { api } from '../../../lib/api';
import { asOfParams, type PastDay } from '../../../lib/as-of';

type FundsMoved = { message: string; amount: number };

export const bankrollApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `asOf`: the balance at the end of that day in its reading (a replay); now when undefined. */
    getBankroll: build.query<Bankroll, PastDay | undefined>({
      query: (asOf) => ({ url: '/bankroll', params: asOfParams(asOf) }),
      providesTags: ['Bankroll'],
    }),
    /** Deposits, withdrawals and adjustments, newest first, and the version an undo or adjustment is made on. */
    getBankrollLedger: build.query<BankrollLedger, void>({
      query: () => '/bankroll/ledger',
      providesTags: ['Bankroll'],
    }),
    /** Posts the deposit itself (docs/api.md), not current + deposit as the old client did. */
    addFunds: build.mutation<FundsMoved, z.input<typeof fundsBody>>({
      query: (body) => ({ url: '/bankroll', method: 'POST', body }),
      invalidatesTags: ['Bankroll'],
    }),
    /** A withdrawal beyond the balance is a 400 with the server's message. */
    withdrawFunds: build.mutation<FundsMoved, z.input<typeof fundsBody>>({
      query: (body) => ({ url: '/bankroll/withdraw', method: 'POST', body }),
      invalidatesTags: ['Bankroll'],
    }),
    /** "My counted balance is X", on the ledger as last seen (If-Match; else 409). */
    adjustBankroll: build.mutation<BankrollAdjustment, { body: z.input<typeof adjustBankrollBody>; version: number | null }>({
      query: ({ body, version }) => ({ url: '/bankroll/adjust', method: 'POST', body, ifMatch: version ?? undefined }),
      invalidatesTags: ['Bankroll'],
    }),
    /** Undoes the newest entry that counts, if the ledger is still the version shown (If-Match; else 409). */
    undoBankrollEntry: build.mutation<BankrollUndone, number | null>({
      query: (version) => ({ url: '/bankroll/undo', method: 'POST', ifMatch: version ?? undefined }),
      invalidatesTags: ['Bankroll'],
    }),
  }),
});

export const {
  useGetBankrollQuery,
  useGetBankrollLedgerQuery,
  useAddFundsMutation,
  useWithdrawFundsMutation,
  useAdjustBankrollMutation,
  useUndoBankrollEntryMutation,
} = bankrollApi;
