import { latestLegDate, MESSAGES, parlayOutcome, type EventData, type ParlayAmendBody } from '@bt/contracts';
import { NotFoundError, ValidationError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import { saltOf } from '../shared/commitment';
import { normalLeg, sameLegs, type CreatedParlay, type Parlay, type ParlayEvent } from './parlay';

/**
 * Edit of a parlay (PUT): stake and legs as sent (the legs replace the old ones); name, outcome,
 * notes stay when left out. A date sent is the bettor's choice, null gives it back to the legs;
 * without one, a date the bettor set stays and a derived one moves to the new latest leg's date. ParlayAmended carries only what
 * changed (with `dateSet` when that changes; book, tags and bonus bet like a bet's: left out they
 * stay, null or [] clears); ParlaySettled follows when the derived outcome changes, or a cashed-out
 * parlay's amount. A cash-out amount without an outcome is read as for a bet (see amend-bet.ts).
 * `commitmentSalt` (drawn by the route; absent on imported rows) goes into the event for its transparency-log leaf.
 */
export type AmendParlay = Command<'AmendParlay', ParlayAmendBody & { parlayId: string; commitmentSalt?: string }>;

type Changes = EventData<'ParlayAmended'>['changes'];

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/** A cash-out's amount after the amend: the one sent with a cash-out, a cashed-out parlay's new or old one; null otherwise. */
const cashOutAfter = (data: AmendParlay['data'], state: CreatedParlay, outcome: CreatedParlay['outcome']): number | null => {
  if (outcome !== 'cashout') return null;
  if (data.outcome !== undefined) return data.cashOutAmount ?? null;
  if (data.cashOutAmount === null) throw new ValidationError(MESSAGES.cashOutRequired);
  return data.cashOutAmount ?? state.cashOutAmount;
};

export const amendParlay = (command: AmendParlay, state: Parlay): ParlayEvent[] => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(MESSAGES.parlayNotFound);
    case 'created': {
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.parlayNotFound);
      const { userId, parlayId } = state;
      const { name, stake, notes, date } = command.data;
      // A date sent is the bettor's; null gives it back to the legs; left out, a set date stays.
      const dateSet = date === undefined ? state.dateSet : date !== null;
      const parlayDate = typeof date === 'string' ? date : dateSet ? state.date : (latestLegDate(command.data.legs) ?? state.date);
      const legs = command.data.legs.map((leg) => normalLeg(leg, parlayDate));
      const changes: Changes = {};
      if (name !== undefined && name !== state.name) changes.name = name;
      if (stake !== state.stake) changes.stake = stake;
      if (notes !== undefined && notes !== state.notes) changes.notes = notes;
      if (parlayDate !== state.date) changes.date = parlayDate;
      if (dateSet !== state.dateSet) changes.dateSet = dateSet;
      if (!sameLegs(legs, state.legs)) changes.legs = legs;
      // Legs without prices only on an imported parlay (priced at its total); once every leg has a
      // price, the legs price it again.
      const unpriced = legs.some((leg) => leg.odds === null);
      if (unpriced && state.totalOdds === null) throw new ValidationError(MESSAGES.parlayIncomplete);
      if (!unpriced && state.totalOdds !== null) changes.totalOdds = null;
      const { book, tags, bonusBet } = command.data;
      if (book !== undefined && book !== state.book) changes.book = book;
      if (tags !== undefined && !sameTags(tags, state.tags)) changes.tags = tags;
      if (bonusBet !== undefined && bonusBet !== state.bonusBet) changes.bonusBet = bonusBet;
      const outcome = parlayOutcome(legs, command.data.outcome ?? state.outcome);
      const cashOutAmount = cashOutAfter(command.data, state, outcome);
      const events: ParlayEvent[] = [];
      if (Object.keys(changes).length > 0)
        events.push({ type: 'ParlayAmended', data: { userId, parlayId, changes, ...saltOf(command.data) } });
      if (outcome !== state.outcome || cashOutAmount !== state.cashOutAmount) {
        events.push({ type: 'ParlaySettled', data: { userId, parlayId, outcome, cashOutAmount } });
      }
      return events;
    }
    default:
      return unreachable(state);
  }
};
