import { DEFAULTS } from '@bt/contracts';
import type { UserSettingsRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow } from '../../fold/row-sets';
import type { UserState } from '../../fold/state';
import { user_settings as userSettingsTable } from './table';

const current = (state: UserState, at: Date): UserSettingsRow =>
  state.settings.row ?? { user_id: state.userId, odds_format: DEFAULTS.oddsFormat, unit_size: null, updated_at: at };

/**
 * `user_settings`: the user's preferences (Settings, Preferences), from OddsFormatChosen and
 * UnitSizeSet on `user-{id}`. No row until the first of them: GET /api/settings answers the
 * defaults without one.
 */
export const settingsProjection: ReadModel<'settings', typeof userSettingsTable, OneRow<'user_settings'>, UserSettingsRow | null> = {
  name: 'settings',
  table: userSettingsTable,
  version: 1,
  initial: () => new OneRow(userSettingsTable, null),
  reads: {
    OddsFormatChosen(state, { data }, at) {
      state.settings.put({ ...current(state, at), odds_format: data.oddsFormat, updated_at: at });
    },
    UnitSizeSet(state, { data }, at) {
      state.settings.put({ ...current(state, at), unit_size: data.unitSize, updated_at: at });
    },
  },
  rowSet: (state) => state.settings,
  replay: (state) => state.settings.row,
};
