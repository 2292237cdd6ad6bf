import { MESSAGES } from '@bt/contracts';
import { ConflictError, NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Bet, BetEvent } from './bet';

export type RestoreBet = Command<'RestoreBet', { betId: string }>;

/** BetRestored: a removed bet comes back as it was removed; one that is not removed is a 409. */
export const restoreBet = (command: RestoreBet, state: Bet): BetEvent[] => {
  switch (state.status) {
    case 'none':
      throw new NotFoundError(MESSAGES.betNotFound);
    case 'placed':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.betNotFound);
      throw new ConflictError(MESSAGES.betNotDeleted);
    case 'removed':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.betNotFound);
      return [{ type: 'BetRestored', data: { userId: state.userId, betId: state.betId } }];
    default:
      return unreachable(state);
  }
};
