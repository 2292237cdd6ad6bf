import { MESSAGES, type BetAmendBody, type EventData } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { Bet, BetEvent } from './bet';

/**
 * Edit of a bet (PUT): the full body, except that outcome, notes and date may be left out (then
 * they stay). BetAmended carries only what changed; BetSettled follows a change of outcome.
 */
export type AmendBet = Command<'AmendBet', BetAmendBody & { betId: string }>;

type Changes = EventData<'BetAmended'>['changes'];
const FIELDS = ['sport', 'event', 'betType', 'odds', 'stake', 'notes', 'date'] as const;

export const amendBet = (command: AmendBet, state: Bet): BetEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(MESSAGES.betNotFound);
    case 'placed': {
      // Another user's bet is exactly as missing as one that never was.
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.betNotFound);
      const { userId, betId } = state;
      const changes: Changes = {};
      for (const field of FIELDS) {
        const value = command.data[field];
        if (value !== undefined && value !== state[field]) Object.assign(changes, { [field]: value });
      }
      const events: BetEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'BetAmended', data: { userId, betId, changes } });
      const { outcome } = command.data;
      if (outcome !== undefined && outcome !== state.outcome) events.push({ type: 'BetSettled', data: { userId, betId, outcome } });
      return events;
    }
    default:
      return unreachable(state);
  }
};
