import type { z } from 'zod';
import type { Goal, goalAmendBody, goalBody } from '@bt/contracts';
import { api } from '../../../lib/api';
import { asOfParams, type PastDay } from '../../../lib/as-of';

/** POST /api/goals body, as contracts' schema takes it. */
export type GoalInput = z.input<typeof goalBody>;
/** PUT /api/goals/:id body: what it leaves out of timeframe, status, description and dates stays. */
export type GoalAmendInput = z.input<typeof goalAmendBody>;

export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `asOf`: the goals and their progress at the end of that day (a replay); now when undefined. */
    getGoals: build.query<Goal[], PastDay | undefined>({
      query: (asOf) => ({ url: '/goals', params: asOfParams(asOf) }),
      providesTags: ['Goal'],
    }),
    createGoal: build.mutation<Goal, GoalInput>({
      query: (body) => ({ url: '/goals', method: 'POST', body }),
      invalidatesTags: ['Goal'],
    }),
    updateGoal: build.mutation<Goal, { id: string; body: GoalAmendInput }>({
      query: ({ id, body }) => ({ url: `/goals/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Goal'],
    }),
    deleteGoal: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/goals/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Goal'],
    }),
    restoreGoal: build.mutation<Goal, string>({
      query: (id) => ({ url: `/goals/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: ['Goal'],
    }),
  }),
});

export const { useGetGoalsQuery, useCreateGoalMutation, useUpdateGoalMutation, useDeleteGoalMutation, useRestoreGoalMutation } = goalsApi;
