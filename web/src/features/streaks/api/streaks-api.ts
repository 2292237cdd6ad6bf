import type { StreakStats } from '@bt/contracts';
import { api } from '../../../lib/api';

export const streaksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStreaks: build.query<StreakStats, void>({
      query: () => '/stats/streaks',
      providesTags: ['Streaks'],
    }),
  }),
});

export const { useGetStreaksQuery } = streaksApi;
