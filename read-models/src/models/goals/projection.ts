import { fromCents, goalStatus, isInGoalRange, rowVersion, toCents } from '@bt/contracts';
import type { BetHistoryRow, GoalRow } from '../../database';
import { newestFirst, type ReadModel } from '../../fold/read-model';
import { takeRemoved } from '../removed-rows/projection';
import { KeyedRows } from '../../fold/row-sets';
import type { UserState } from '../../fold/state';
import { goals as goalsTable } from './table';

/** Whether goal amounts can differ: profit on its date. */
const movesGoals = (a: BetHistoryRow | undefined, b: BetHistoryRow | undefined): boolean => {
  const pa = a?.profit ?? 0;
  const pb = b?.profit ?? 0;
  return pa !== pb || (pa !== 0 && a!.date !== b!.date);
};

/**
 * `goals` with progress: current_amount = profit of the user's bets and parlays dated inside
 * [start_date, end_date]; status without "today" (contracts' goalStatus): paused, completed or
 * active. Each goal's amount is kept in cents in the user's state (goalCents): a goal set, or its
 * dates revised, is summed once from the `daily` rows; a `bets` row's profit moving on a date adds
 * the difference to the goals whose range holds that date. Once per batch the rows are read off it.
 */
export const goalsProjection: ReadModel<'goals', typeof goalsTable, KeyedRows<'goals'>, GoalRow[]> = {
  name: 'goals',
  uses: ['daily', 'removedRows'],
  table: goalsTable,
  version: 1,
  initial: (userId) => new KeyedRows(goalsTable, userId),
  reads: {
    GoalSet(state, event, at) {
      const { data } = event;
      state.goals.put(data.goalId, {
        id: data.goalId,
        user_id: state.userId,
        title: data.title,
        target_amount: data.targetAmount,
        current_amount: 0,
        timeframe: data.timeframe,
        start_date: data.startDate,
        end_date: data.endDate,
        status: data.paused ? 'paused' : 'active',
        paused: data.paused,
        description: data.description ?? null,
        created_at: at,
        updated_at: at,
        version: rowVersion(event.revision),
      });
      state.goalCents?.delete(data.goalId); // summed from daily at the next settle
      state.goals.stale = true;
    },
    GoalRevised(state, event, at) {
      const goal = state.goals.get(event.data.goalId);
      if (!goal) return;
      const { title, targetAmount, timeframe, startDate, endDate, description, paused } = event.data.changes;
      state.goals.put(goal.id, {
        ...goal,
        title: title ?? goal.title,
        target_amount: targetAmount ?? goal.target_amount,
        timeframe: timeframe ?? goal.timeframe,
        start_date: startDate ?? goal.start_date,
        end_date: endDate ?? goal.end_date,
        description: description === undefined ? goal.description : description,
        paused: paused ?? goal.paused,
        updated_at: at,
        version: rowVersion(event.revision),
      });
      if (startDate !== undefined || endDate !== undefined) state.goalCents?.delete(goal.id); // summed again at the next settle
      state.goals.stale = true;
    },
    GoalRemoved(state, { data }) {
      state.goals.remove(data.goalId);
      state.goalCents?.delete(data.goalId);
    },
    // Back as the user set it; its amount is summed again (bets may have changed since).
    GoalRestored(state, event, at) {
      const kept = takeRemoved(state, 'goal', event.data.goalId);
      if (!kept) return;
      state.goals.put(kept.row.id, { ...kept.row, updated_at: at, version: rowVersion(event.revision) });
      state.goals.stale = true;
    },
  },
  followsBets(state, { previous, next }) {
    // Stryker disable next-line all: equivalent: only saves work (a change of no profit adds nothing)
    if (!movesGoals(previous, next)) return;
    state.goals.stale = true;
    const sums = state.goalCents;
    if (!sums || sums.size === 0) return;
    for (const [row, sign] of [
      [previous, -1],
      [next, 1],
    ] as const) {
      if (!row || row.profit === 0) continue;
      const cents = sign * toCents(row.profit);
      for (const [id, sum] of sums) {
        const goal = state.goals.get(id);
        if (goal && isInGoalRange(row.date, rangeOf(goal))) sums.set(id, sum + cents);
      }
    }
  },
  settle(state) {
    // Stryker disable next-line all: equivalent: only saves work (recomputing gives the same rows)
    if (!state.goals.stale) return;
    // Stryker disable next-line all: equivalent: only saves work (recomputing gives the same rows)
    state.goals.stale = false;
    refreshGoals(state);
  },
  rowSet: (state) => state.goals,
  replay: (state) => state.goals.list().sort((a, b) => -newestFirst(a, b)),
};

/** A goal row's range as contracts reads it: the stored dates, both included (old goals keep their later end). */
const rangeOf = (goal: GoalRow) => ({ startDate: goal.start_date, endDate: goal.end_date });

/** The profit (cents) of the user's days in [start, end]: once per goal set or its dates revised. */
const sumDays = (state: UserState, goal: GoalRow): number => {
  let cents = 0;
  const range = rangeOf(goal);
  for (const [date, day] of state.daily.rows) if (isInGoalRange(date, range)) cents += day.profit; // cents: daily holds running sums
  return cents;
};

/** Sets every goal's amount and status from its kept sum (a goal without one is summed first). */
const refreshGoals = (state: UserState): void => {
  const sums = (state.goalCents ??= new Map());
  for (const goal of state.goals.rows.values()) {
    let cents = sums.get(goal.id);
    if (cents === undefined) sums.set(goal.id, (cents = sumDays(state, goal)));
    const current = fromCents(cents);
    const status = goalStatus({ targetAmount: goal.target_amount, currentAmount: current, endDate: goal.end_date, paused: goal.paused });
    if (current !== goal.current_amount || status !== goal.status) {
      const next: GoalRow = { ...goal, current_amount: current, status: status as GoalRow['status'] };
      state.goals.put(goal.id, next);
    }
  }
  // Stryker disable next-line all: equivalent: a sum of a goal no longer held is never read
  if (sums.size > state.goals.rows.size) for (const id of sums.keys()) if (!state.goals.rows.has(id)) sums.delete(id);
};
