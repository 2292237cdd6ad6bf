import type { User } from '@bt/contracts';
import { api } from '../../../lib/api';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateEmail: build.mutation<{ message: string; user: User }, { newEmail: string }>({
      query: (body) => ({ url: '/auth/update-email', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    updatePassword: build.mutation<{ message: string }, PasswordChange>({
      query: (body) => ({ url: '/auth/update-password', method: 'PUT', body }),
    }),
  }),
});

export const { useUpdateEmailMutation, useUpdatePasswordMutation } = settingsApi;
