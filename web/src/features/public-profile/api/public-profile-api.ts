import type { PublicProfile } from '@bt/contracts';
import { api } from '../../../lib/api';

export const publicProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/public/profiles/:handle: no sign-in; 404 when the page is off or unknown. */
    getPublicProfile: build.query<PublicProfile, string>({
      query: (handle) => `/public/profiles/${encodeURIComponent(handle)}`,
    }),
  }),
});

export const { useGetPublicProfileQuery } = publicProfileApi;
