import {
  amendedParlayDating,
  pricedParlay,
  type EventOf,
  type Outcome,
  type Parlay as ParlayResponse,
  type ParlayLeg,
} from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type ParlayEvent = EventOf<'ParlayCreated' | 'ParlayAmended' | 'ParlaySettled' | 'ParlayRemoved'>;

export interface CreatedParlay {
  status: 'created';
  parlayId: string;
  userId: string;
  name: string;
  stake: number;
  notes: string | null;
  date: string;
  /** The bettor chose `date`; false: it is the latest leg's date and follows the legs. */
  dateSet: boolean;
  legs: ParlayLeg[];
  /** As last settled (the server derives it from the legs when it can). */
  outcome: Outcome;
  createdAt: string;
  updatedAt: string;
}
export type Parlay = { status: 'none' } | CreatedParlay | { status: 'removed'; parlayId: string; userId: string };

export const evolve = (state: Parlay, event: Recorded<ParlayEvent>): Parlay => {
  switch (event.type) {
    case 'ParlayCreated': {
      const { parlayId, userId, name, stake, notes, date, legs } = event.data;
      const dateSet = event.data.dateSet ?? true;
      const at = event.occurredAt;
      return {
        status: 'created',
        parlayId,
        userId,
        name,
        stake,
        notes,
        date,
        dateSet,
        legs,
        outcome: 'pending',
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'ParlayAmended': {
      if (state.status !== 'created') return state;
      const { changes } = event.data;
      return { ...state, ...changes, ...amendedParlayDating(state, changes), updatedAt: event.occurredAt };
    }
    case 'ParlaySettled':
      return state.status === 'created' ? { ...state, outcome: event.data.outcome, updatedAt: event.occurredAt } : state;
    case 'ParlayRemoved':
      return { status: 'removed', parlayId: event.data.parlayId, userId: event.data.userId };
    default:
      return ignoreUnknown(state, event);
  }
};

/** `parlay-{id}`: a parlay and its legs. */
export const parlay: Aggregate<Parlay, ParlayEvent> = { initialState: () => ({ status: 'none' }), evolve };

/** A leg with every field, its date defaulting to the parlay's. */
export const normalLeg = (leg: Omit<ParlayLeg, 'date'> & { date?: string }, parlayDate: string): ParlayLeg => ({
  sport: leg.sport,
  event: leg.event,
  selection: leg.selection,
  odds: leg.odds,
  date: leg.date ?? parlayDate,
  outcome: leg.outcome,
});

const LEG_FIELDS = ['sport', 'event', 'selection', 'odds', 'date', 'outcome'] as const;

/** Same legs in the same order (field by field: stored JSON does not keep key order). */
export const sameLegs = (a: readonly ParlayLeg[], b: readonly ParlayLeg[]): boolean =>
  a.length === b.length && a.every((leg, i) => LEG_FIELDS.every((field) => leg[field] === b[i][field]));

/** The parlay as docs/api.md `Parlay`: priced by the server (pushed legs removed). */
export const toParlayResponse = (state: CreatedParlay, version: number): ParlayResponse => {
  const price = pricedParlay(state);
  return {
    id: state.parlayId,
    userId: state.userId,
    name: state.name,
    totalOdds: price.totalOdds,
    decimalOdds: price.decimalOdds,
    stake: state.stake,
    potentialProfit: price.potentialProfit,
    profit: price.profit,
    outcome: price.outcome,
    notes: state.notes,
    date: state.date,
    dateSet: state.dateSet,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    legs: state.legs,
    version,
  };
};
