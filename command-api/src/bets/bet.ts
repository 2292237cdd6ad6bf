import { pricedBet, type BetRow, type BetType, type EventOf, type Outcome, type Sport } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type BetEvent = EventOf<'BetPlaced' | 'BetAmended' | 'BetSettled' | 'BetRemoved' | 'BetRestored' | 'BetUnitSizeApplied'>;

export interface PlacedBet {
  status: 'placed';
  betId: string;
  userId: string;
  sport: Sport;
  event: string;
  betType: BetType;
  /** As typed (American canonical, decimal or fractional). */
  odds: string;
  stake: number;
  notes: string | null;
  date: string;
  league: string | null;
  /** As typed; null without a close. */
  closingOdds: string | null;
  /** When the event starts, as typed (ISO 8601 with its offset); null: none given. */
  startsAt: string | null;
  book: string | null;
  tags: string[];
  bonusBet: boolean;
  /** The user's unit size when the bet was placed (never amended), or the one applied later from Settings; null: none. */
  unitSize: number | null;
  outcome: Outcome;
  /** What a cash-out returned; null unless the outcome is 'cashout'. */
  cashOutAmount: number | null;
  createdAt: string;
  updatedAt: string;
}
/** A removed bet keeps everything it was, so BetRestored brings it back as it stood. */
export type RemovedBet = Omit<PlacedBet, 'status'> & { status: 'removed' };
export type Bet = { status: 'none' } | PlacedBet | RemovedBet;

export const evolve = (state: Bet, event: Recorded<BetEvent>): Bet => {
  switch (event.type) {
    case 'BetPlaced': {
      const { userId, betId, sport, event: name, betType, odds, stake, notes, date } = event.data;
      const at = event.occurredAt;
      return {
        status: 'placed',
        betId,
        userId,
        sport,
        event: name,
        betType,
        odds,
        stake,
        notes,
        date,
        league: event.data.league ?? null,
        closingOdds: event.data.closingOdds ?? null,
        startsAt: event.data.startsAt ?? null,
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
    case 'BetAmended':
      return state.status === 'placed' ? { ...state, ...event.data.changes, updatedAt: event.occurredAt } : state;
    case 'BetSettled':
      return state.status === 'placed'
        ? { ...state, outcome: event.data.outcome, cashOutAmount: event.data.cashOutAmount ?? null, updatedAt: event.occurredAt }
        : state;
    case 'BetRemoved':
      return state.status === 'placed' ? { ...state, status: 'removed' } : state;
    case 'BetRestored':
      return state.status === 'removed' ? { ...state, status: 'placed', updatedAt: event.occurredAt } : state;
    case 'BetUnitSizeApplied':
      return state.status === 'placed' ? { ...state, unitSize: event.data.unitSize, updatedAt: event.occurredAt } : state;
    default:
      return ignoreUnknown(state, event);
  }
};

/** `bet-{id}`: a single bet. */
export const bet: Aggregate<Bet, BetEvent> = { initialState: () => ({ status: 'none' }), evolve };

/**
 * The bet as a write answers it (docs/api.md `Bet`, a row of the bets table), priced by contracts'
 * pricedBet (odds and closing odds in canonical American text); version = the stream's revision.
 */
export const toBetResponse = (state: PlacedBet, version: number): BetRow => {
  const price = pricedBet(state);
  return {
    id: state.betId,
    userId: state.userId,
    kind: 'bet',
    sport: state.sport,
    event: state.event,
    betType: state.betType,
    odds: price.odds,
    stake: state.stake,
    profit: price.profit,
    outcome: state.outcome,
    notes: state.notes,
    date: state.date,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    parlayId: null,
    isPartOfParlay: false,
    legCount: null,
    version,
    league: state.league,
    closingOdds: price.closingOdds,
    startsAt: state.startsAt,
    book: state.book,
    tags: state.tags,
    decimalOdds: price.decimalOdds,
    clv: price.clv,
    bonusBet: state.bonusBet,
    cashOutAmount: state.outcome === 'cashout' ? state.cashOutAmount : null,
    unitSize: state.unitSize,
    units: price.units,
    profitUnits: price.profitUnits,
  };
};
