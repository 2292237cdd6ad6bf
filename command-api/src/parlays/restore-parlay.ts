import { MESSAGES } from '@bt/contracts';
import { ConflictError, NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Parlay, ParlayEvent } from './parlay';

export type RestoreParlay = Command<'RestoreParlay', { parlayId: string }>;

/**
 * ParlayRestored: a removed parlay comes back with its legs; one that is not removed is a 409.
 * `notFound` and `notDeleted` let POST /api/bets/:id/restore word its own answers.
 */
export const restoreParlay = (
  command: RestoreParlay,
  state: Parlay,
  notFound: string = MESSAGES.parlayNotFound,
  notDeleted: string = MESSAGES.parlayNotDeleted,
): ParlayEvent[] => {
  switch (state.status) {
    case 'none':
      throw new NotFoundError(notFound);
    case 'created':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(notFound);
      throw new ConflictError(notDeleted);
    case 'removed':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(notFound);
      return [{ type: 'ParlayRestored', data: { userId: state.userId, parlayId: state.parlayId } }];
    default:
      return unreachable(state);
  }
};
