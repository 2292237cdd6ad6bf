import { toCents } from '@bt/contracts';
import type { BetHistoryRow } from '../db/schema';
import type { ReadModel } from './read-model';
import { OneRow, zeroRow } from './row-sets';
import type { BetRowChange } from './state';

/** Calls `tally` with -1 for a `bets` row's old version and +1 for its new one: an amend moves its share. */
export const eachSide = (change: BetRowChange, tally: (row: BetHistoryRow, sign: 1 | -1) => void): void => {
  if (change.previous) tally(change.previous, -1);
  if (change.next) tally(change.next, 1);
};

/** Adds (sign 1) or takes away (sign -1) one outcome in a running count of outcomes. */
export const countOutcome = (
  counts: { wins: number; losses: number; pushes: number; pending: number },
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
  }
};

export const newUserStats = (userId: string) => new OneRow('user_stats', zeroRow('user_stats', { user_id: userId }), true);

/**
 * `user_stats`: all-time counts and sums of the user's bets and parlays. It reads no event: it
 * follows the `bets` rows (./bets.ts), so an amend moves stake and profit like any other change.
 */
export const userStatsProjection: ReadModel<'userStats'> = {
  name: 'userStats',
  table: 'user_stats',
  reads: {},
  followsBets(state, change) {
    const stats = state.userStats.row!;
    eachSide(change, (row, sign) => {
      if (row.kind === 'bet') stats.bet_count += sign;
      else stats.parlay_count += sign;
      stats.settled_stake += sign * (row.outcome === 'pending' ? 0 : toCents(row.stake));
      stats.total_profit += sign * toCents(row.profit);
      countOutcome(stats, row.outcome, sign);
    });
    state.userStats.mark();
  },
  rowSet: (state) => state.userStats,
  replay: (state, hasEvents) => (hasEvents ? state.userStats.value() : null),
};
