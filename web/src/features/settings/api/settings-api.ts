import type { User } from '@bt/contracts';
import { api } from '../../../lib/api';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers a fresh token: the change ended every other session. */
    updateEmail: build.mutation<{ message: string; user: User; token: string }, { newEmail: string }>({
      query: (body) => ({ url: '/auth/update-email', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    /** Answers a fresh token: the change ended every other session. */
    updatePassword: build.mutation<{ message: string; token: string }, PasswordChange>({
      query: (body) => ({ url: '/auth/update-password', method: 'PUT', body }),
    }),
    /** Ends every session of the user, this one included. */
    logOutEverywhere: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST' }),
    }),
  }),
});

export const { useUpdateEmailMutation, useUpdatePasswordMutation, useLogOutEverywhereMutation } = settingsApi;
