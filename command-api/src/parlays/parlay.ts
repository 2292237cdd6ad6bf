import {
  amendedParlayDating,
  americanTextOfOdds,
  decimalOfOdds,
  decimalToAmerican,
  formatAmericanOdds,
  parlayStartsAt,
  parlayLinePrices,
  pricedParlay,
  roundDecimalOdds,
  type BetRow,
  type EventOf,
  type Outcome,
  type Parlay as ParlayResponse,
  type ParlayLeg,
  type ParlayLegView,
} from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type ParlayEvent = EventOf<
  'ParlayCreated' | 'ParlayAmended' | 'ParlaySettled' | 'ParlayRemoved' | 'ParlayRestored' | 'ParlayUnitSizeApplied'
>;

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
  /** An imported parlay's total odds (its legs carry no prices); null: priced from its legs. */
  totalOdds: string | null;
  book: string | null;
  tags: string[];
  bonusBet: boolean;
  /** The user's unit size when the parlay was created (never amended), or the one applied later from Settings; null: none. */
  unitSize: number | null;
  /** As last settled (the server derives it from the legs when it can). */
  outcome: Outcome;
  /** What a cash-out returned; null unless the outcome is 'cashout'. */
  cashOutAmount: number | null;
  createdAt: string;
  updatedAt: string;
}
/** A removed parlay keeps its legs and everything else, so ParlayRestored brings it back as it stood. */
export type RemovedParlay = Omit<CreatedParlay, 'status'> & { status: 'removed' };
export type Parlay = { status: 'none' } | CreatedParlay | RemovedParlay;

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
        totalOdds: event.data.totalOdds ?? null,
        book: event.data.book ?? null,
        tags: event.data.tags ?? [],
        bonusBet: event.data.bonusBet ?? false,
        unitSize: event.data.unitSize ?? null,
        outcome: 'pending',
        cashOutAmount: null,
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
      return state.status === 'created'
        ? { ...state, outcome: event.data.outcome, cashOutAmount: event.data.cashOutAmount ?? null, updatedAt: event.occurredAt }
        : state;
    case 'ParlayRemoved':
      return state.status === 'created' ? { ...state, status: 'removed' } : state;
    case 'ParlayRestored':
      return state.status === 'removed' ? { ...state, status: 'created', updatedAt: event.occurredAt } : state;
    case 'ParlayUnitSizeApplied':
      return state.status === 'created' ? { ...state, unitSize: event.data.unitSize, updatedAt: event.occurredAt } : state;
    default:
      return ignoreUnknown(state, event);
  }
};

/** `parlay-{id}`: a parlay and its legs. */
export const parlay: Aggregate<Parlay, ParlayEvent> = { initialState: () => ({ status: 'none' }), evolve };

/** A leg with every field, its date defaulting to the parlay's (league and closing odds to none). */
export const normalLeg = (leg: Omit<ParlayLeg, 'date'> & { date?: string }, parlayDate: string): ParlayLeg => ({
  sport: leg.sport,
  event: leg.event,
  selection: leg.selection,
  odds: leg.odds,
  date: leg.date ?? parlayDate,
  outcome: leg.outcome,
  league: leg.league ?? null,
  closingOdds: leg.closingOdds ?? null,
  startsAt: leg.startsAt ?? null,
});

const LEG_FIELDS = ['sport', 'event', 'selection', 'odds', 'date', 'outcome', 'league', 'closingOdds', 'startsAt'] as const;

/** Same legs in the same order (field by field: stored JSON does not keep key order; absent = null). */
export const sameLegs = (a: readonly ParlayLeg[], b: readonly ParlayLeg[]): boolean =>
  a.length === b.length && a.every((leg, i) => LEG_FIELDS.every((field) => (leg[field] ?? null) === (b[i][field] ?? null)));

/** A leg as answered: odds and closing odds in canonical American text, with its decimal price. */
const legView = (leg: ParlayLeg): ParlayLegView => ({
  sport: leg.sport,
  event: leg.event,
  selection: leg.selection,
  odds: leg.odds === null ? null : americanTextOfOdds(leg.odds),
  decimalOdds: leg.odds === null ? null : roundDecimalOdds(decimalOfOdds(leg.odds)),
  date: leg.date,
  outcome: leg.outcome,
  league: leg.league ?? null,
  closingOdds: leg.closingOdds ? americanTextOfOdds(leg.closingOdds) : null,
  startsAt: leg.startsAt ?? null,
});

/** The parlay's close: the product of its legs' closes when every leg has one (canonical American text), else null. */
const parlayClosingOdds = (legs: readonly ParlayLeg[]): string | null => {
  const { close } = parlayLinePrices(legs);
  return close === null ? null : formatAmericanOdds(decimalToAmerican(close));
};

/** The parlay as docs/api.md `Parlay`: priced by the server with contracts' pricedParlay (pushed and void legs removed). */
export const toParlayResponse = (state: CreatedParlay, version: number): ParlayResponse => {
  const price = pricedParlay(state);
  return {
    id: state.parlayId,
    userId: state.userId,
    name: state.name,
    totalOdds: price.totalOdds,
    stake: state.stake,
    potentialProfit: price.potentialProfit,
    profit: price.profit,
    outcome: price.outcome,
    notes: state.notes,
    date: state.date,
    dateSet: state.dateSet,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    legs: state.legs.map(legView),
    version,
    closingOdds: parlayClosingOdds(state.legs),
    book: state.book,
    tags: state.tags,
    decimalOdds: price.decimalOdds,
    clv: price.clv,
    bonusBet: state.bonusBet,
    cashOutAmount: price.outcome === 'cashout' ? state.cashOutAmount : null,
    unitSize: state.unitSize,
    units: price.units,
    profitUnits: price.profitUnits,
  };
};

/** The parlay as a row of the bet history (docs/api.md `Bet`, kind 'parlay'): what POST /api/bets/:id/restore answers for a parlay. */
export const toParlayHistoryRow = (state: CreatedParlay, version: number): BetRow => {
  const parlay = toParlayResponse(state, version);
  return {
    id: parlay.id,
    userId: parlay.userId,
    kind: 'parlay',
    sport: 'parlay',
    event: parlay.name,
    betType: 'parlay',
    odds: parlay.totalOdds,
    stake: parlay.stake,
    profit: parlay.profit,
    outcome: parlay.outcome,
    notes: parlay.notes,
    date: parlay.date,
    createdAt: parlay.createdAt,
    updatedAt: parlay.updatedAt,
    parlayId: null,
    isPartOfParlay: false,
    legCount: parlay.legs.length,
    version,
    league: null,
    closingOdds: parlay.closingOdds,
    startsAt: parlayStartsAt(parlay.legs),
    book: parlay.book,
    tags: parlay.tags,
    decimalOdds: parlay.decimalOdds,
    clv: parlay.clv,
    bonusBet: parlay.bonusBet,
    cashOutAmount: parlay.cashOutAmount,
    unitSize: parlay.unitSize,
    units: parlay.units,
    profitUnits: parlay.profitUnits,
  };
};
