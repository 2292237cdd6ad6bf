import { dayOf, MESSAGES, type BetBody } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import { saltOf } from '../shared/commitment';
import type { Bet, BetEvent } from './bet';

/**
 * A new bet: BetPlaced, and BetSettled when it is already settled. Date defaults to today (UTC).
 * `unitSize` is the user's unit size at placement (their last UnitSizeSet; null without one): the
 * bet keeps it whatever the user sets later. `commitmentSalt` (drawn by the route; absent on imported rows) goes into the event for its transparency-log leaf.
 */
export type PlaceBet = Command<'PlaceBet', BetBody & { betId: string; unitSize: number | null; commitmentSalt?: string }>;

export const placeBet = (command: PlaceBet, state: Bet): BetEvent[] => {
  switch (state.status) {
    case 'none': {
      const { betId, sport, event, betType, odds, stake, notes, outcome, unitSize } = command.data;
      const { userId, now } = command.metadata;
      const date = command.data.date ?? dayOf(now);
      const placed: BetEvent = {
        type: 'BetPlaced',
        data: {
          userId,
          betId,
          sport,
          event,
          betType,
          odds,
          stake,
          notes,
          date,
          league: command.data.league ?? null,
          closingOdds: command.data.closingOdds ?? null,
          startsAt: command.data.startsAt ?? null,
          book: command.data.book ?? null,
          tags: command.data.tags ?? [],
          bonusBet: command.data.bonusBet ?? false,
          unitSize,
          ...saltOf(command.data),
        },
      };
      if (outcome === 'pending') return [placed];
      const cashOutAmount = outcome === 'cashout' ? (command.data.cashOutAmount ?? null) : null;
      return [placed, { type: 'BetSettled', data: { userId, betId, outcome, cashOutAmount } }];
    }
    case 'placed':
    case 'removed':
      throw new ConflictError(MESSAGES.betExists);
    default:
      return unreachable(state);
  }
};
