import { MESSAGES, type BetAmendBody, type EventData } from '@bt/contracts';
import { NotFoundError, ValidationError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import { saltOf } from '../shared/commitment';
import type { Bet, BetEvent, PlacedBet } from './bet';

/**
 * Edit of a bet (PUT): the full body, except that outcome, notes, date and the optional fields
 * (league, closing odds, start time, book, tags, bonus bet) may be left out (then they stay; null, or [] for
 * tags, clears them). BetAmended carries only what changed; BetSettled follows a change of outcome
 * or of a cashed-out bet's amount. The unit size stays the one the bet was placed with.
 *
 * A cash-out amount sent without an outcome changes a cashed-out bet's amount; on a bet that is
 * not cashed out it means nothing and is ignored (as the body ignores it beside any other outcome).
 * Clearing a cashed-out bet's amount (null, without an outcome) is refused: cashOutRequired.
 * `commitmentSalt` (drawn by the route; absent on imported rows) goes into the event for its transparency-log leaf.
 */
export type AmendBet = Command<'AmendBet', BetAmendBody & { betId: string; commitmentSalt?: string }>;

type Changes = EventData<'BetAmended'>['changes'];
const FIELDS = [
  'sport',
  'event',
  'betType',
  'odds',
  'stake',
  'notes',
  'date',
  'league',
  'closingOdds',
  'startsAt',
  'book',
  'bonusBet',
] as const;

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/** The settlement the command asks for: its outcome and a cash-out's amount (null for any other outcome). */
const settlementOf = (data: AmendBet['data'], state: PlacedBet): { outcome: PlacedBet['outcome']; cashOutAmount: number | null } => {
  const { outcome, cashOutAmount } = data;
  if (outcome !== undefined) return { outcome, cashOutAmount: outcome === 'cashout' ? (cashOutAmount ?? null) : null };
  if (state.outcome !== 'cashout') return { outcome: state.outcome, cashOutAmount: null };
  if (cashOutAmount === null) throw new ValidationError(MESSAGES.cashOutRequired);
  return { outcome: state.outcome, cashOutAmount: cashOutAmount ?? state.cashOutAmount };
};

export const amendBet = (command: AmendBet, state: Bet): BetEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(MESSAGES.betNotFound);
    case 'placed': {
      // Another user's bet is exactly as missing as one that never was.
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.betNotFound);
      const { userId, betId } = state;
      // A bet recorded as a parlay (before it was refused) may stay one, but none becomes one.
      if (command.data.betType === 'parlay' && state.betType !== 'parlay') throw new ValidationError(MESSAGES.singleParlay);
      const changes: Changes = {};
      for (const field of FIELDS) {
        const value = command.data[field];
        if (value !== undefined && value !== state[field]) Object.assign(changes, { [field]: value });
      }
      const { tags } = command.data;
      if (tags !== undefined && !sameTags(tags, state.tags)) changes.tags = tags;
      const settlement = settlementOf(command.data, state);
      const events: BetEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'BetAmended', data: { userId, betId, changes, ...saltOf(command.data) } });
      if (settlement.outcome !== state.outcome || settlement.cashOutAmount !== state.cashOutAmount) {
        events.push({ type: 'BetSettled', data: { userId, betId, ...settlement } });
      }
      return events;
    }
    default:
      return unreachable(state);
  }
};
