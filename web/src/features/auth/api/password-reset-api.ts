import type { z } from 'zod';
import type { forgotPasswordBody, MessageResponse, resetPasswordBody } from '@bt/contracts';
import { api } from '../../../lib/api';

/** "Forgot password?": no session; each answers `{ message }`. */
export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 202 whether or not an account uses the address. */
    forgotPassword: build.mutation<MessageResponse, z.input<typeof forgotPasswordBody>>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    /** Sets the password through the e-mailed link; every session of the account ends. */
    resetPassword: build.mutation<MessageResponse, z.input<typeof resetPasswordBody>>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = passwordResetApi;
