import type { Analytics, AnalyticsDimension, AnalyticsPeriod } from '@bt/contracts';
import { api } from '../../../lib/api';
import { today } from '../../../lib/dates';

export interface AnalyticsRequest {
  by: AnalyticsDimension;
  period?: AnalyticsPeriod;
  from?: string;
  to?: string;
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every bet or parlay write moves 'Stats'; a new unit size moves the units and stake sizes. */
    getAnalytics: build.query<Analytics, AnalyticsRequest>({
      // A period counts back from the reader's day, as Bet History's and the dashboard's do (contracts' periodRange).
      query: (params) => ({ url: '/analytics', params: { ...params, today: today() } }),
      providesTags: ['Stats', 'Settings'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;
