import { MESSAGES } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Bet, BetEvent } from './bet';

export type RemoveBet = Command<'RemoveBet', { betId: string }>;

/** BetRemoved; afterwards the bet is gone (a further edit or delete is a 404). */
export const removeBet = (command: RemoveBet, state: Bet): BetEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(MESSAGES.betNotFound);
    case 'placed':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.betNotFound);
      return [{ type: 'BetRemoved', data: { userId: state.userId, betId: state.betId } }];
    default:
      return unreachable(state);
  }
};
