import { dayOf, MESSAGES, type BetBody } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Bet, BetEvent } from './bet';

/** A new bet: BetPlaced, and BetSettled when it is already settled. Date defaults to today (UTC). */
export type PlaceBet = Command<'PlaceBet', BetBody & { betId: string }>;

export const placeBet = (command: PlaceBet, state: Bet): BetEvent[] => {
  switch (state.status) {
    case 'none': {
      const { betId, sport, event, betType, odds, stake, notes, outcome } = command.data;
      const { userId, now } = command.metadata;
      const date = command.data.date ?? dayOf(now);
      const placed: BetEvent = { type: 'BetPlaced', data: { userId, betId, sport, event, betType, odds, stake, notes, date } };
      return outcome === 'pending' ? [placed] : [placed, { type: 'BetSettled', data: { userId, betId, outcome } }];
    }
    case 'placed':
    case 'removed':
      throw new ConflictError(MESSAGES.betExists);
    default:
      return unreachable(state);
  }
};
