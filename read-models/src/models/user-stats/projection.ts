import { toCents } from '@bt/contracts';
import type { BetHistoryRow, UserStatsRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow, zeroRow } from '../../fold/row-sets';
import type { BetRowChange } from '../../fold/state';
import { user_stats as userStatsTable } from './table';

/** Calls `tally` with -1 for a `bets` row's old version and +1 for its new one: an amend moves its share. */
export const eachSide = (change: BetRowChange, tally: (row: BetHistoryRow, sign: 1 | -1) => void): void => {
  if (change.previous) tally(change.previous, -1);
  if (change.next) tally(change.next, 1);
};

/**
 * Adds (sign 1) or takes away (sign -1) one outcome in a running count of outcomes. Void and
 * cash-out count only where the counts keep them (user_stats' record; not the days).
 */
export const countOutcome = (
  counts: { wins: number; losses: number; pushes: number; pending: number; voids?: number; cashouts?: number },
  outcome: BetHistoryRow['outcome'],
  sign: 1 | -1,
): void => {
  switch (outcome) {
    case 'win':
      counts.wins += sign;
      break;
    case 'loss':
      counts.losses += sign;
      break;
    case 'push':
      counts.pushes += sign;
      break;
    case 'pending':
      counts.pending += sign;
      break;
    case 'void':
      if (counts.voids !== undefined) counts.voids += sign;
      break;
    case 'cashout':
      if (counts.cashouts !== undefined) counts.cashouts += sign;
      break;
  }
};

/** A figure of two decimals (clv, profit in units) as a whole number of hundredths, like cents. */
const hundredths = toCents;
/** A 4-place decimal price as a whole number of ten-thousandths, so its running sum stays exact. */
const tenThousandths = (decimal: number): number => Math.round(decimal * 10_000);

/**
 * `user_stats`: all-time counts and sums of the user's bets and parlays. It reads no event: it
 * follows the `bets` rows (./bets.ts), so an amend moves stake and profit like any other change.
 * settled_stake sums each row's stake at risk (contracts' pricedBet/pricedParlay: pending, void and
 * bonus stakes are 0); the odds, units and clv sums feed averageOdds, unitsWon, averageClv and
 * beatCloseRate (query-api's buildStats).
 */
export const userStatsProjection: ReadModel<'userStats', typeof userStatsTable, OneRow<'user_stats'>, UserStatsRow | null> = {
  name: 'userStats',
  table: userStatsTable,
  version: 1,
  initial: (userId) => new OneRow(userStatsTable, zeroRow(userStatsTable, { user_id: userId }), true),
  reads: {},
  followsBets(state, change) {
    const stats = state.userStats.row!;
    eachSide(change, (row, sign) => {
      if (row.kind === 'bet') stats.bet_count += sign;
      else stats.parlay_count += sign;
      stats.settled_stake += sign * toCents(row.stake_at_risk);
      stats.total_profit += sign * toCents(row.profit);
      countOutcome(stats, row.outcome, sign);
      stats.odds_count += sign;
      stats.decimal_odds_sum_e4 += sign * tenThousandths(row.decimal_odds);
      if (row.profit_units !== null) {
        stats.units_count += sign;
        stats.profit_units_sum += sign * hundredths(row.profit_units);
      }
      if (row.clv !== null) {
        stats.clv_count += sign;
        stats.clv_sum += sign * hundredths(row.clv);
        if (row.clv > 0) stats.clv_beats += sign;
      }
    });
    state.userStats.mark();
  },
  rowSet: (state) => state.userStats,
  replay: (state, hasEvents) => (hasEvents ? state.userStats.value() : null),
};
