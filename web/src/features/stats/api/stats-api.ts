import type { PerformanceRange, Stats } from '@bt/contracts';
import { api } from '../../../lib/api';
import { asOfParams, type PastDay } from '../../../lib/as-of';

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `range` shapes recentPerformance only; the rest is the same for every range. `asOf`: the record at the end of that day (a replay). */
    getStats: build.query<Stats, { range: PerformanceRange; asOf?: PastDay }>({
      query: ({ range, asOf }) => ({ url: '/stats', params: { range, ...asOfParams(asOf) } }),
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetStatsQuery } = statsApi;

/** The range the summary cards (and the chart, until changed) read. */
export const DEFAULT_RANGE: PerformanceRange = '30';
