import { pricedBet, type BetRow, type BetType, type EventOf, type Outcome, type Sport } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type BetEvent = EventOf<'BetPlaced' | 'BetAmended' | 'BetSettled' | 'BetRemoved'>;

export interface PlacedBet {
  status: 'placed';
  betId: string;
  userId: string;
  sport: Sport;
  event: string;
  betType: BetType;
  odds: string;
  stake: number;
  notes: string | null;
  date: string;
  outcome: Outcome;
  createdAt: string;
  updatedAt: string;
}
export type Bet = { status: 'none' } | PlacedBet | { status: 'removed'; betId: string; userId: string };

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
        outcome: 'pending',
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'BetAmended':
      return state.status === 'placed' ? { ...state, ...event.data.changes, updatedAt: event.occurredAt } : state;
    case 'BetSettled':
      return state.status === 'placed' ? { ...state, outcome: event.data.outcome, updatedAt: event.occurredAt } : state;
    case 'BetRemoved':
      return { status: 'removed', betId: event.data.betId, userId: event.data.userId };
    default:
      return ignoreUnknown(state, event);
  }
};

/** `bet-{id}`: a single bet. */
export const bet: Aggregate<Bet, BetEvent> = { initialState: () => ({ status: 'none' }), evolve };

/** The bet as a write answers it (docs/api.md `Bet`, a row of the bets table); version = the stream's revision. */
export const toBetResponse = (state: PlacedBet, version: number): BetRow => ({
  id: state.betId,
  userId: state.userId,
  kind: 'bet',
  sport: state.sport,
  event: state.event,
  betType: state.betType,
  odds: state.odds,
  stake: state.stake,
  profit: pricedBet(state).profit,
  outcome: state.outcome,
  notes: state.notes,
  date: state.date,
  createdAt: state.createdAt,
  updatedAt: state.updatedAt,
  parlayId: null,
  isPartOfParlay: false,
  legCount: null,
  version,
});
