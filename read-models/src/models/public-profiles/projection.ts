import { rowVersion, type ProfileSports } from '@bt/contracts';
import type { PublicProfileRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow } from '../../fold/row-sets';
import { public_profiles as publicProfilesTable } from './table';

/** `public_profiles`: the handle and settings of each user's public profile, from `user-{id}`. */
export const publicProfilesProjection: ReadModel<
  'publicProfile',
  typeof publicProfilesTable,
  OneRow<'public_profiles'>,
  PublicProfileRow | null
> = {
  name: 'publicProfile',
  table: publicProfilesTable,
  version: 1,
  // No row until they set a profile.
  initial: () => new OneRow(publicProfilesTable, null),
  reads: {
    PublicProfileSet(state, event, at) {
      const { handle, enabled, sports, units, since } = event.data;
      state.publicProfile.put({
        user_id: state.userId,
        handle,
        enabled,
        sports: (sports === 'all' ? 'all' : [...sports]) as ProfileSports,
        units,
        since,
        version: rowVersion(event.revision),
        updated_at: at,
      });
    },
    PublicProfileRemoved(state, event, at) {
      const row = state.publicProfile.row;
      if (row) state.publicProfile.put({ ...row, handle: null, enabled: false, version: rowVersion(event.revision), updated_at: at });
    },
  },
  rowSet: (state) => state.publicProfile,
  replay: (state) => state.publicProfile.row,
};
