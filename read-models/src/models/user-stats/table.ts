import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/**
 * All-time figures per user (bets and parlays together). winRate = wins / (wins + losses);
 * ROI = total_profit / settled_stake, where settled_stake sums the rows' stake_at_risk (pending,
 * void and bonus stakes left out). The sums behind averageOdds, unitsWon, averageClv and
 * beatCloseRate are kept exact: profit_units_sum and clv_sum are two-decimal figures held like
 * money (numeric), decimal_odds_sum_e4 is the sum of the 4-place decimal prices in ten-thousandths.
 */
export const user_stats = table('user_stats', {
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    /** Single bets currently recorded. */
    bet_count: col.integer(),
    /** Parlays currently recorded. */
    parlay_count: col.integer(),
    wins: col.integer(),
    losses: col.integer(),
    pushes: col.integer(),
    pending: col.integer(),
    settled_stake: col.money(),
    total_profit: col.money(),
    voids: col.integer(),
    cashouts: col.integer(),
    /** Rows counted in decimal_odds_sum_e4 (every bet and parlay). */
    odds_count: col.integer(),
    /** Sum of the rows' decimal_odds x 10,000 (a whole number, so it stays exact). */
    decimal_odds_sum_e4: col.double(),
    /** Rows placed with a unit size, and the sum of their profit_units. */
    units_count: col.integer(),
    profit_units_sum: col.money(),
    /** Rows with a clv, the sum of their clv, and how many of them beat the close (clv > 0). */
    clv_count: col.integer(),
    clv_sum: col.money(),
    clv_beats: col.integer(),
  },
});

export type UserStatsRow = Selectable<TableType<typeof user_stats>>;
