import { MESSAGES } from '@bt/contracts';
import { ConflictError, NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Goal, GoalEvent } from './goal';

export type RestoreGoal = Command<'RestoreGoal', { goalId: string }>;

/** GoalRestored: a removed goal comes back as the user set it; one that is not removed is a 409. */
export const restoreGoal = (command: RestoreGoal, state: Goal): GoalEvent[] => {
  switch (state.status) {
    case 'none':
      throw new NotFoundError(MESSAGES.goalNotFound);
    case 'set':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.goalNotFound);
      throw new ConflictError(MESSAGES.goalNotDeleted);
    case 'removed':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.goalNotFound);
      return [{ type: 'GoalRestored', data: { userId: state.userId, goalId: state.goalId } }];
    default:
      return unreachable(state);
  }
};
