import type { Selectable } from 'kysely';
import type { OddsFormat } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

/**
 * GET /api/settings: the user's preferences (OddsFormatChosen, UnitSizeSet). No row until the user
 * sets one; readers answer the defaults (american, no unit size) without it.
 */
export const user_settings = table('user_settings', {
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    odds_format: col.text<OddsFormat>(),
    /** Dollars per unit; null: none. */
    unit_size: col.money().orNull(),
    updated_at: col.timestamptz(),
  },
});

export type UserSettingsRow = Selectable<TableType<typeof user_settings>>;
