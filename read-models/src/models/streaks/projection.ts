import { fromCents, isDecided, toCents, type Streak } from '@bt/contracts';
import type { BetHistoryRow, StreaksRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow } from '../../fold/row-sets';
import { byBetDate, StreakRuns } from './streak-runs';
import { RECENT_STREAKS_LIMIT, streaks as streaksTable } from './table';

/**
 * Streaks of a user's bets and parlays from scratch (the reference StreakRuns, which the projection
 * keeps, must equal; DESIGN "Streaks"): settled ones in bet-date order; a push,
 * a void, a cash-out or a pending bet neither extends nor breaks a streak (contracts' isDecided). The current streak is the last one; on a
 * tie for the longest, the most recent wins. Months count streaks by the month they started in.
 */
export const computeStreaks = (history: Iterable<BetHistoryRow>): Omit<StreaksRow, 'user_id'> => {
  const settled: BetHistoryRow[] = [];
  for (const row of history) if (isDecided(row.outcome)) settled.push(row);
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
    streaks_by_month: [...months.values()], // first seen in date order: already ascending
  };
};

const decides = (row: BetHistoryRow | undefined): row is BetHistoryRow =>
  // Stryker disable next-line all: equivalent: movesStreaks only spares a recompute; saying yes more often gives the same rows
  row !== undefined && isDecided(row.outcome);

/** Whether streaks can differ: only wins and losses count, in date order, with their profit. */
const movesStreaks = (a: BetHistoryRow | undefined, b: BetHistoryRow | undefined): boolean =>
  // Stryker disable next-line all: equivalent: movesStreaks only spares a recompute; saying yes more often gives the same rows
  decides(a) || decides(b) ? !(decides(a) && decides(b) && a.outcome === b.outcome && a.date === b.date && a.profit === b.profit) : false;

/** jsonb hands keys back in its own order; put streaks in the projection's order so equal means equal. */
const streak = (s: Streak | null): Streak | null =>
  s && { type: s.type, length: s.length, startDate: s.startDate, endDate: s.endDate, profit: s.profit };

/**
 * `streaks`: it reads no event. It follows the `bets` rows (./bets.ts): the user's StreakRuns (in
 * their state, built from every bet the first time a batch needs it, e.g. after a load) are changed
 * by each win or loss added, removed or moved, touching only the runs around it; once per batch the
 * row is read off them.
 */
export const streaksProjection: ReadModel<'streaks', typeof streaksTable, OneRow<'streaks'>, StreaksRow | null> = {
  name: 'streaks',
  table: streaksTable,
  version: 1,
  initial: (userId) => new OneRow(streaksTable, { user_id: userId, ...computeStreaks([]) }),
  reads: {},
  followsBets(state, { previous, next }) {
    // Stryker disable next-line all: equivalent: movesStreaks only spares work; the runs change by nothing
    if (!movesStreaks(previous, next)) return;
    state.streaks.stale = true;
    const runs = state.streakRuns;
    if (!runs) return; // built from the bets, this change included, by the next settle
    if (previous) runs.remove(previous);
    if (next) runs.add(next);
  },
  settle(state) {
    // Stryker disable next-line all: equivalent: only saves work (recomputing gives the same rows)
    if (!state.streaks.stale) return;
    // Stryker disable next-line all: equivalent: only saves work (recomputing gives the same rows)
    state.streaks.stale = false;
    state.streakRuns ??= StreakRuns.of(state.bets.rows.values());
    const next: StreaksRow = { user_id: state.userId, ...state.streakRuns.row() };
    if (JSON.stringify(next) !== JSON.stringify(state.streaks.row)) state.streaks.put(next);
  },
  rowSet: (state) => ({
    take: (changes) => state.streaks.take(changes),
    load: (row) => {
      const r = row as StreaksRow;
      state.streaks.load({
        user_id: r.user_id,
        current_streak: streak(r.current_streak),
        longest_win_streak: streak(r.longest_win_streak),
        longest_loss_streak: streak(r.longest_loss_streak),
        recent_streaks: r.recent_streaks.map((s) => streak(s)!),
        streaks_by_month: r.streaks_by_month.map((m) => ({ month: m.month, winStreaks: m.winStreaks, lossStreaks: m.lossStreaks })),
      });
    },
  }),
  replay: (state, hasEvents) => (hasEvents ? state.streaks.row : null),
};
