import { fromCents, goalStatus, rowVersion } from '@bt/contracts';
import type { GoalRow } from '../db/schema';
import type { Projection, UserState } from './state';

/**
 * `goals` with progress: current_amount = profit of the user's bets and parlays dated inside
 * [start_date, end_date]; status without "today" (contracts' goalStatus): paused, completed or active.
 */
export const goalsProjection: Projection = {
  name: 'goals',
  handlers: {
    GoalSet(state, event, at) {
      const { data } = event;
      state.goals.set(data.goalId, {
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
      state.dirty.goals.add(data.goalId);
      state.dirty.goalsStale = true;
    },
    GoalRevised(state, event, at) {
      const goal = state.goals.get(event.data.goalId);
      if (!goal) return;
      const { title, targetAmount, timeframe, startDate, endDate, description, paused } = event.data.changes;
      state.goals.set(goal.id, {
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
      state.dirty.goals.add(goal.id);
      state.dirty.goalsStale = true;
    },
    GoalRemoved(state, { data }) {
      if (state.goals.delete(data.goalId)) state.dirty.goals.add(data.goalId);
    },
  },
};

/** Recomputes every goal's amount and status from the user's daily profit (once per batch). */
export const refreshGoals = (state: UserState): void => {
  if (state.goals.size === 0) return;
  for (const goal of state.goals.values()) {
    let cents = 0;
    for (const [date, day] of state.days) {
      if (date >= goal.start_date && date <= goal.end_date) cents += day.profitCents;
    }
    const current = fromCents(cents);
    const status = goalStatus({ targetAmount: goal.target_amount, currentAmount: current, endDate: goal.end_date, paused: goal.paused });
    if (current !== goal.current_amount || status !== goal.status) {
      const next: GoalRow = { ...goal, current_amount: current, status: status as GoalRow['status'] };
      state.goals.set(goal.id, next);
      state.dirty.goals.add(goal.id);
    }
  }
};
