import type { EventOf, GoalTimeframe } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type GoalEvent = EventOf<'GoalSet' | 'GoalRevised' | 'GoalRemoved' | 'GoalRestored'>;

export interface SetGoal {
  status: 'set';
  goalId: string;
  userId: string;
  title: string;
  targetAmount: number;
  timeframe: GoalTimeframe;
  startDate: string;
  endDate: string;
  description: string | null;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}
/** A removed goal keeps what the user set, so GoalRestored brings it back as it stood. */
export type RemovedGoal = Omit<SetGoal, 'status'> & { status: 'removed' };
export type Goal = { status: 'none' } | SetGoal | RemovedGoal;

export const evolve = (state: Goal, event: Recorded<GoalEvent>): Goal => {
  switch (event.type) {
    case 'GoalSet': {
      const { goalId, userId, title, targetAmount, timeframe, startDate, endDate, description, paused } = event.data;
      const at = event.occurredAt;
      return {
        status: 'set',
        goalId,
        userId,
        title,
        targetAmount,
        timeframe,
        startDate,
        endDate,
        description,
        paused,
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'GoalRevised':
      return state.status === 'set' ? { ...state, ...event.data.changes, updatedAt: event.occurredAt } : state;
    case 'GoalRemoved':
      return state.status === 'set' ? { ...state, status: 'removed' } : state;
    case 'GoalRestored':
      return state.status === 'removed' ? { ...state, status: 'set', updatedAt: event.occurredAt } : state;
    default:
      return ignoreUnknown(state, event);
  }
};

/** `goal-{id}`: a profit goal as the user set it (its progress is the read side's). */
export const goal: Aggregate<Goal, GoalEvent> = { initialState: () => ({ status: 'none' }), evolve };

/**
 * The goal as a write answers it: what the user set. Progress (currentAmount, progress, daysLeft,
 * amountToGo) and the computed status (completed, failed) come from GET /api/goals.
 */
export const toGoalResponse = (state: SetGoal, version: number) => ({
  id: state.goalId,
  userId: state.userId,
  title: state.title,
  targetAmount: state.targetAmount,
  timeframe: state.timeframe,
  startDate: state.startDate,
  endDate: state.endDate,
  description: state.description,
  paused: state.paused,
  createdAt: state.createdAt,
  updatedAt: state.updatedAt,
  version,
});
