import type { AuthResponse, User } from '@bt/contracts';
import { api } from '../../../lib/api';

export interface Credentials {
  email: string;
  password: string;
}

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
    register: build.mutation<AuthResponse, Credentials & { username: string | null }>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
  }),
});

export const { useGetMeQuery, useLoginMutation, useRegisterMutation } = authApi;
