import type { StreakStats } from '@bt/contracts';
import { api } from '../../../lib/api';
import { asOfParams, type PastDay } from '../../../lib/as-of';

export const streaksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `asOf`: the streaks at the end of that day (a replay); now when undefined. */
    getStreaks: build.query<StreakStats, PastDay | undefined>({
      query: (asOf) => ({ url: '/stats/streaks', params: asOfParams(asOf) }),
      providesTags: ['Streaks'],
    }),
  }),
});

export const { useGetStreaksQuery } = streaksApi;
