import type { Selectable } from 'kysely';
import type { Sport } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

/**
 * Per user and sport (parlays as 'parlay'), all bets whatever their outcome. A row exists while
 * count > 0. `stake` is staked money: bonus stakes are left out (DESIGN "Bonus bets").
 */
export const sport_distribution = table('sport_distribution', {
  owner: 'user_id',
  key: ['user_id', 'sport'],
  columns: {
    user_id: col.uuid(),
    sport: col.text<Sport | 'parlay'>(),
    count: col.integer(),
    stake: col.money(),
    profit: col.money(),
  },
});

export type SportDistributionRow = Selectable<TableType<typeof sport_distribution>>;
