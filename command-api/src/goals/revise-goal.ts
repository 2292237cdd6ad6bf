import { goalEndDate, isDateInRange, MESSAGES, type EventData, type GoalAmendBody } from '@bt/contracts';
import { NotFoundError, ValidationError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Goal, GoalEvent } from './goal';

/**
 * Edit of a goal (PUT): title and target as sent; what is left out stays. The end date follows a
 * new start or timeframe (start + timeframe) unless an end on or after the start is given.
 */
export type ReviseGoal = Command<'ReviseGoal', Omit<GoalAmendBody, 'currentAmount'> & { goalId: string }>;

type Changes = EventData<'GoalRevised'>['changes'];

export const reviseGoal = (command: ReviseGoal, state: Goal): GoalEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(MESSAGES.goalNotFound);
    case 'set': {
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.goalNotFound);
      const { title, targetAmount, description, status } = command.data;
      const timeframe = command.data.timeframe ?? state.timeframe;
      const startDate = command.data.startDate ?? state.startDate;
      const given = command.data.endDate;
      const endDate =
        given !== undefined && given >= startDate
          ? given
          : timeframe !== state.timeframe || startDate !== state.startDate || state.endDate < startDate
            ? goalEndDate(startDate, timeframe)
            : state.endDate;
      // A computed end past DATE_RANGE would print as "+010000-…" and no read could use it.
      if (endDate !== state.endDate && !isDateInRange(endDate)) throw new ValidationError(MESSAGES.goalEndTooLate);
      const next = {
        title,
        targetAmount,
        timeframe,
        startDate,
        endDate,
        description: description === undefined ? state.description : description,
        paused: status === undefined ? state.paused : status === 'paused',
      };
      const changes: Changes = {};
      for (const field of Object.keys(next) as (keyof typeof next)[]) {
        if (next[field] !== state[field]) Object.assign(changes, { [field]: next[field] });
      }
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'GoalRevised', data: { userId: state.userId, goalId: state.goalId, changes } }];
    }
    default:
      return unreachable(state);
  }
};
