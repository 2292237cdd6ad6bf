import type { z } from 'zod';
import type { AuthResponse, loginBody, registerBody, User } from '@bt/contracts';
import { api } from '../../../lib/api';

/** POST /api/auth/login body, as contracts' schema takes it. */
export type Credentials = z.input<typeof loginBody>;
/** POST /api/auth/register body. */
export type Registration = z.input<typeof registerBody>;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The argument is the token being checked, so each token has its own cached answer. */
    getMe: build.query<User, string>({
      query: () => '/auth/me',
      providesTags: ['User'],
    }),
    login: build.mutation<AuthResponse, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<AuthResponse, Registration>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
  }),
});

export const { useGetMeQuery, useLoginMutation, useRegisterMutation } = authApi;
