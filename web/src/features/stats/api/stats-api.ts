import type { PerformanceRange, Stats } from '@bt/contracts';
import { api } from '../../../lib/api';
import { today } from '../../../lib/dates';
import { asOfParams, type PastDay } from '../../../lib/as-of';

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `range` shapes recentPerformance only; the rest is the same for every range. `asOf`: the record at the end of that day (a replay). */
    getStats: build.query<Stats, { range: PerformanceRange; asOf?: PastDay }>({
      // The reader's day, as Bet History sends it: "Last 30 days" counts the same days on every page (contracts' periodRange).
      query: ({ range, asOf }) => ({ url: '/stats', params: { range, ...asOfParams(asOf), ...(asOf ? {} : { today: today() }) } }),
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetStatsQuery } = statsApi;

/** The range the summary cards (and the chart, until changed) read. */
export const DEFAULT_RANGE: PerformanceRange = '30';
