import type { z } from 'zod';
import type { ProfileAnswer, profileBody } from '@bt/contracts';
import { api } from '../../../lib/api';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/profile: the public profile's settings (null until set). */
    getProfile: build.query<ProfileAnswer, void>({
      query: () => '/profile',
      providesTags: ['Profile'],
    }),
    /** PUT /api/profile: the handle, on or off, and what the page shows. */
    updateProfile: build.mutation<ProfileAnswer, z.input<typeof profileBody>>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
