import { fromCents, toCents, type Streak } from '@bt/contracts';
import { RECENT_STREAKS_LIMIT, type BetHistoryRow, type StreaksRow } from '../db/schema';
import type { UserState } from './state';

/** Bet-date order, ties by creation (then id, so the order is total). */
const byBetDate = (a: BetHistoryRow, b: BetHistoryRow): number =>
  a.date < b.date ? -1 : a.date > b.date ? 1
    : a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Streaks of a user's bets and parlays (DESIGN "Streaks"): settled ones in bet-date order; a push
 * or a pending bet neither extends nor breaks a streak. The current streak is the last one; on a
 * tie for the longest, the most recent wins. Months count streaks by the month they started in.
 */
export const computeStreaks = (history: Iterable<BetHistoryRow>): Omit<StreaksRow, 'user_id'> => {
  const settled: BetHistoryRow[] = [];
  for (const row of history) if (row.outcome === 'win' || row.outcome === 'loss') settled.push(row);
  settled.sort(byBetDate);

  const streaks: Streak[] = [];
  let current: Streak | undefined;
  let cents = 0;
  for (const row of settled) {
    if (current && current.type === row.outcome) {
      current.length += 1;
      current.endDate = row.date;
      cents += toCents(row.profit);
    } else {
      if (current) streaks.push({ ...current, profit: fromCents(cents) });
      current = { type: row.outcome as Streak['type'], length: 1, startDate: row.date, endDate: row.date, profit: 0 };
      cents = toCents(row.profit);
    }
  }
  if (current) streaks.push({ ...current, profit: fromCents(cents) });

  let longestWin: Streak | null = null;
  let longestLoss: Streak | null = null;
  const months = new Map<string, { month: string; winStreaks: number; lossStreaks: number }>();
  for (const streak of streaks) {
    if (streak.type === 'win' && (!longestWin || streak.length >= longestWin.length)) longestWin = streak;
    if (streak.type === 'loss' && (!longestLoss || streak.length >= longestLoss.length)) longestLoss = streak;
    const month = streak.startDate.slice(0, 7);
    let tally = months.get(month);
    if (!tally) months.set(month, (tally = { month, winStreaks: 0, lossStreaks: 0 }));
    if (streak.type === 'win') tally.winStreaks += 1;
    else tally.lossStreaks += 1;
  }
  return {
    current_streak: streaks.at(-1) ?? null,
    longest_win_streak: longestWin,
    longest_loss_streak: longestLoss,
    recent_streaks: streaks.slice(-RECENT_STREAKS_LIMIT).reverse(),
    streaks_by_month: [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1)),
  };
};

/** Recomputes the user's streaks when a win or loss was added, removed or moved (once per batch). */
export const refreshStreaks = (state: UserState): void => {
  const next = computeStreaks(state.history.values());
  if (JSON.stringify(next) !== JSON.stringify(state.streaks)) {
    state.streaks = next;
    state.dirty.streaks = true;
  }
};
