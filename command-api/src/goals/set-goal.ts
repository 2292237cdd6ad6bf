import { dayOf, goalEndDate, isDateInRange, MESSAGES, type GoalBody } from '@bt/contracts';
import { ConflictError, ValidationError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Goal, GoalEvent } from './goal';

/**
 * A new goal: the start defaults to today, the end to start + timeframe (goalEndDate) unless one
 * on or after the start is given, and it must lie in DATE_RANGE; only 'paused' means anything of a status sent by a client.
 */
export type SetGoalCommand = Command<'SetGoal', Omit<GoalBody, 'currentAmount'> & { goalId: string }>;

export const setGoal = (command: SetGoalCommand, state: Goal): GoalEvent[] => {
  switch (state.status) {
    case 'none': {
      const { goalId, title, targetAmount, timeframe, description, status } = command.data;
      const startDate = command.data.startDate ?? dayOf(command.metadata.now);
      const given = command.data.endDate;
      const endDate = given !== undefined && given >= startDate ? given : goalEndDate(startDate, timeframe);
      if (!isDateInRange(endDate)) throw new ValidationError(MESSAGES.goalEndTooLate);
      return [
        {
          type: 'GoalSet',
          data: {
            userId: command.metadata.userId,
            goalId,
            title,
            targetAmount,
            timeframe,
            startDate,
            endDate,
            description,
            paused: status === 'paused',
          },
        },
      ];
    }
    case 'set':
    case 'removed':
      throw new ConflictError(MESSAGES.goalExists);
    default:
      return unreachable(state);
  }
};
