import { MESSAGES } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Parlay, ParlayEvent } from './parlay';

export type RemoveParlay = Command<'RemoveParlay', { parlayId: string }>;

/** ParlayRemoved; afterwards the parlay is gone (404). `notFound` lets DELETE /api/bets/:id word its own 404. */
export const removeParlay = (command: RemoveParlay, state: Parlay, notFound: string = MESSAGES.parlayNotFound): ParlayEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(notFound);
    case 'created':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(notFound);
      return [{ type: 'ParlayRemoved', data: { userId: state.userId, parlayId: state.parlayId } }];
    default:
      return unreachable(state);
  }
};
