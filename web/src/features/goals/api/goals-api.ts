import type { Goal, GoalStatus, GoalTimeframe } from '@bt/contracts';
import { api } from '../../../lib/api';

export interface GoalInput {
  title: string;
  targetAmount: number;
  timeframe: GoalTimeframe;
  description: string | null;
  startDate: string;
  endDate: string;
  currentAmount: number;
  status: GoalStatus;
}

export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGoals: build.query<Goal[], void>({
      query: () => '/goals',
      providesTags: ['Goal'],
    }),
    createGoal: build.mutation<Goal, GoalInput>({
      query: (body) => ({ url: '/goals', method: 'POST', body }),
      invalidatesTags: ['Goal'],
    }),
    updateGoal: build.mutation<Goal, { id: string; body: GoalInput }>({
      query: ({ id, body }) => ({ url: `/goals/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Goal'],
    }),
    deleteGoal: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/goals/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Goal'],
    }),
  }),
});

export const { useGetGoalsQuery, useCreateGoalMutation, useUpdateGoalMutation, useDeleteGoalMutation } = goalsApi;
