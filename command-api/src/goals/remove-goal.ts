import { MESSAGES } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Goal, GoalEvent } from './goal';

export type RemoveGoal = Command<'RemoveGoal', { goalId: string }>;

export const removeGoal = (command: RemoveGoal, state: Goal): GoalEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(MESSAGES.goalNotFound);
    case 'set':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.goalNotFound);
      return [{ type: 'GoalRemoved', data: { userId: state.userId, goalId: state.goalId } }];
    default:
      return unreachable(state);
  }
};
