import type { z } from 'zod';
import type { EmailChangedResponse, MessageResponse, PasswordChangedResponse, updateEmailBody, updatePasswordBody } from '@bt/contracts';
import { api } from '../../../lib/api';

/** PUT /api/auth/update-password body, as contracts' schema takes it. */
export type PasswordChange = z.input<typeof updatePasswordBody>;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers a fresh token: the change ended every other session. */
    updateEmail: build.mutation<EmailChangedResponse, z.input<typeof updateEmailBody>>({
      query: (body) => ({ url: '/auth/update-email', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    /** Answers a fresh token: the change ended every other session. */
    updatePassword: build.mutation<PasswordChangedResponse, PasswordChange>({
      query: (body) => ({ url: '/auth/update-password', method: 'PUT', body }),
    }),
    /** Ends every session of the user, this one included. */
    logOutEverywhere: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST' }),
    }),
  }),
});

export const { useUpdateEmailMutation, useUpdatePasswordMutation, useLogOutEverywhereMutation } = settingsApi;
