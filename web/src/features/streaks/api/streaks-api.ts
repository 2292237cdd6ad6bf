import type { StreakStats } from '@bt/contracts';
import { api } from '../../../lib/api';

export const streaksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `asOf`: the streaks at the end of that day (a replay); now when undefined. */
    getStreaks: build.query<StreakStats, string | undefined>({
      query: (asOf) => ({ url: '/stats/streaks', params: { asOf } }),
      providesTags: ['Streaks'],
    }),
  }),
});

export const { useGetStreaksQuery } = streaksApi;
