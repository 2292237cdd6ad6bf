import type { BetHistoryRow } from '../db/schema';
import type { UserState } from './state';
import { tallyHistoryRow } from './stats';

const decides = (row: BetHistoryRow | undefined): row is BetHistoryRow => row !== undefined && (row.outcome === 'win' || row.outcome === 'loss');

/** Whether streaks can differ: only wins and losses count, in date order, with their profit. */
const movesStreaks = (a: BetHistoryRow | undefined, b: BetHistoryRow | undefined): boolean =>
  decides(a) || decides(b)
    ? !(decides(a) && decides(b) && a.outcome === b.outcome && a.date === b.date && a.profit === b.profit)
    : false;

/** Whether goal amounts can differ: profit on its date. */
const movesGoals = (a: BetHistoryRow | undefined, b: BetHistoryRow | undefined): boolean => {
  const pa = a?.profit ?? 0;
  const pb = b?.profit ?? 0;
  return pa !== pb || (pa !== 0 && a!.date !== b!.date);
};

/**
 * Puts a `bets` (history) row in place of the one with the same id, or removes it (`next`
 * undefined), keeping every aggregate in step. `at` dates a change of the bankroll's balance.
 */
export const replaceHistoryRow = (state: UserState, id: string, next: BetHistoryRow | undefined, at: Date): void => {
  const previous = state.history.get(id);
  if (!previous && !next) return;
  const settledBefore = state.bankroll.settledProfitCents;
  if (previous) tallyHistoryRow(state, previous, -1);
  if (next) {
    tallyHistoryRow(state, next, 1);
    state.history.set(id, next);
  } else {
    state.history.delete(id);
  }
  if (state.bankroll.settledProfitCents !== settledBefore) {
    state.bankroll.updatedAt = at;
    state.dirty.bankroll = true;
  }
  if (movesStreaks(previous, next)) state.dirty.streaksStale = true;
  if (movesGoals(previous, next)) state.dirty.goalsStale = true;
  state.dirty.history.add(id);
};
