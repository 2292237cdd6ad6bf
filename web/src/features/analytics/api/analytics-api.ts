import type { Analytics, AnalyticsDimension, AnalyticsPeriod } from '@bt/contracts';
import { api } from '../../../lib/api';

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
      query: (params) => ({ url: '/analytics', params: { ...params } }),
      providesTags: ['Stats', 'Settings'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;
