import { toCents } from '@bt/contracts';
import type { BetHistoryRow } from '../db/schema';
import type { DayTally, UserState } from './state';

/**
 * user_stats, daily and sport_distribution (and the bankroll's settled profit): running sums of
 * the history rows. They change only through `tallyHistoryRow`, called with -1 for a row's old
 * version and +1 for its new one, so an amend moves stake and profit between days and sports.
 * They handle no event directly.
 */

const emptyDay = (): DayTally => ({ placed: 0, wins: 0, losses: 0, pushes: 0, pending: 0, settledStakeCents: 0, profitCents: 0 });

/** Adds (sign 1) or takes away (sign -1) one history row's share of every aggregate. */
export const tallyHistoryRow = (state: UserState, row: BetHistoryRow, sign: 1 | -1): void => {
  const stakeCents = toCents(row.stake);
  const profitCents = toCents(row.profit);
  const settledStakeCents = row.outcome === 'pending' ? 0 : stakeCents;
  const { stats, dirty } = state;

  if (row.kind === 'bet') stats.betCount += sign;
  else stats.parlayCount += sign;
  stats.settledStakeCents += sign * settledStakeCents;
  stats.profitCents += sign * profitCents;

  let day = state.days.get(row.date);
  if (!day) state.days.set(row.date, (day = emptyDay()));
  day.placed += sign;
  day.settledStakeCents += sign * settledStakeCents;
  day.profitCents += sign * profitCents;
  dirty.days.add(row.date);

  switch (row.outcome) {
    case 'win':
      stats.wins += sign;
      day.wins += sign;
      break;
    case 'loss':
      stats.losses += sign;
      day.losses += sign;
      break;
    case 'push':
      stats.pushes += sign;
      day.pushes += sign;
      break;
    case 'pending':
      stats.pending += sign;
      day.pending += sign;
      break;
  }
  if (day.placed === 0) state.days.delete(row.date);

  let sport = state.sports.get(row.sport);
  if (!sport) state.sports.set(row.sport, (sport = { count: 0, stakeCents: 0, profitCents: 0 }));
  sport.count += sign;
  sport.stakeCents += sign * stakeCents;
  sport.profitCents += sign * profitCents;
  if (sport.count === 0) state.sports.delete(row.sport);
  dirty.sports.add(row.sport);

  state.bankroll.settledProfitCents += sign * profitCents;
  dirty.stats = true;
};
