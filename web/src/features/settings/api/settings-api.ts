import type { z } from 'zod';
import type {
  deleteAccountBody,
  EmailChangedResponse,
  MessageResponse,
  PasswordChangedResponse,
  Settings,
  settingsBody,
  UnitSizeCoverage,
  updateEmailBody,
  updatePasswordBody,
} from '@bt/contracts';
import { api, BET_RESULT_TAGS } from '../../../lib/api';

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
    /**
     * PUT /api/settings: the odds format and unit size (null clears it). Every price on screen reads
     * the settings, so the 'Settings' tag refetches them and each shows in the new format.
     */
    updateSettings: build.mutation<Settings, z.input<typeof settingsBody>>({
      query: (body) => ({ url: '/settings', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
    /** The bets and parlays placed without a unit size: what "Apply my unit size to earlier bets" would cover. */
    getUnitSizeCoverage: build.query<UnitSizeCoverage, void>({
      query: () => '/settings/unit-size/earlier',
      providesTags: ['Settings', 'Bet', 'Parlay'],
    }),
    /** POST /api/settings/unit-size/apply: every unit figure moves with it. */
    applyUnitSize: build.mutation<UnitSizeCoverage, void>({
      query: () => ({ url: '/settings/unit-size/apply', method: 'POST' }),
      invalidatesTags: [...BET_RESULT_TAGS],
    }),
    /** Ends every session of the user, this one included. */
    logOutEverywhere: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST' }),
    }),
    /** DELETE /api/account: erases the account for good (204); every session ends. */
    deleteAccount: build.mutation<void, z.input<typeof deleteAccountBody>>({
      query: (body) => ({ url: '/account', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useUpdateEmailMutation,
  useUpdatePasswordMutation,
  useUpdateSettingsMutation,
  useGetUnitSizeCoverageQuery,
  useApplyUnitSizeMutation,
  useLogOutEverywhereMutation,
  useDeleteAccountMutation,
} = settingsApi;
