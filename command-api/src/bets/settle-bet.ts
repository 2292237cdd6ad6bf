import { MESSAGES, type SettleBody } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Bet, BetEvent } from './bet';

/**
 * One tap's settlement (POST /api/bets/:id/settle): BetSettled with the outcome and a cash-out's
 * amount, or nothing when the bet already stands so. An undo is the same command with the outcome
 * it replaces ('pending' included): a new event, never a deleted one.
 */
export type SettleBet = Command<'SettleBet', SettleBody & { betId: string }>;

export const settleBet = (command: SettleBet, state: Bet): BetEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(MESSAGES.betNotFound);
    case 'placed': {
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.betNotFound);
      const { outcome } = command.data;
      const cashOutAmount = outcome === 'cashout' ? (command.data.cashOutAmount ?? null) : null;
      if (outcome === state.outcome && cashOutAmount === state.cashOutAmount) return [];
      return [{ type: 'BetSettled', data: { userId: state.userId, betId: state.betId, outcome, cashOutAmount } }];
    }
    default:
      return unreachable(state);
  }
};
