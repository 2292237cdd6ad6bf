import type { TaxDiary, TaxYear } from '@bt/contracts';
import { api } from '../../../lib/api';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every bet or parlay write (a new wager, a settlement, a book or a date changed) moves the year's figures and diary. */
    getTaxYear: build.query<TaxYear, number>({
      query: (year) => ({ url: '/reports/tax', params: { year: String(year) } }),
      providesTags: ['Bet', 'Parlay', 'Stats'],
    }),
    getTaxDiary: build.query<TaxDiary, number>({
      query: (year) => ({ url: '/reports/tax/diary', params: { year: String(year) } }),
      providesTags: ['Bet', 'Parlay', 'Stats'],
    }),
  }),
});

export const { useGetTaxYearQuery, useGetTaxDiaryQuery } = reportsApi;
