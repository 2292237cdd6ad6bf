import { americanToDecimal, parseAmericanOdds, profitAtDecimal, type Outcome } from '@bt/contracts';
import type { BetHistoryRow } from '../db/schema';
import { replaceHistoryRow } from './history';
import { intern, versionOf, type Projection } from './state';

/** Profit of a single bet (DESIGN "Profit"): win = stake x (decimal - 1), loss = -stake, push/pending = 0. */
export const singleBetProfit = (stake: number, odds: string, outcome: Outcome): number => {
  const american = parseAmericanOdds(odds);
  return profitAtDecimal(stake, american === undefined ? 1 : americanToDecimal(american), outcome);
};

/** `bets` rows of kind 'bet'. A bet is placed pending; BetSettled sets (or resets) its outcome. */
export const betsProjection: Projection = {
  name: 'bets',
  handlers: {
    BetPlaced(state, event, at) {
      const { data } = event;
      const row: BetHistoryRow = {
        id: data.betId,
        user_id: state.userId,
        kind: 'bet',
        sport: intern(data.sport) as BetHistoryRow['sport'],
        event: data.event,
        bet_type: intern(data.betType),
        odds: intern(data.odds),
        stake: data.stake,
        profit: 0,
        outcome: 'pending',
        notes: data.notes ?? null,
        date: intern(data.date),
        created_at: at,
        updated_at: at,
        parlay_id: null,
        is_part_of_parlay: false,
        leg_count: null,
        version: versionOf(event),
      };
      replaceHistoryRow(state, row.id, row, at);
    },
    BetAmended(state, event, at) {
      const bet = state.history.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      const { sport, event: name, betType, odds, stake, notes, date } = event.data.changes;
      const next: BetHistoryRow = {
        ...bet,
        sport: sport ? (intern(sport) as BetHistoryRow['sport']) : bet.sport,
        event: name ?? bet.event,
        bet_type: betType ? intern(betType) : bet.bet_type,
        odds: odds ? intern(odds) : bet.odds,
        stake: stake ?? bet.stake,
        notes: notes === undefined ? bet.notes : notes,
        date: date ? intern(date) : bet.date,
        updated_at: at,
        version: versionOf(event),
      };
      next.profit = singleBetProfit(next.stake, next.odds, next.outcome);
      replaceHistoryRow(state, bet.id, next, at);
    },
    BetSettled(state, event, at) {
      const bet = state.history.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      const outcome = intern(event.data.outcome) as Outcome;
      const next: BetHistoryRow = {
        ...bet,
        outcome,
        profit: singleBetProfit(bet.stake, bet.odds, outcome),
        updated_at: at,
        version: versionOf(event),
      };
      replaceHistoryRow(state, bet.id, next, at);
    },
    BetRemoved(state, event, at) {
      const bet = state.history.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      replaceHistoryRow(state, bet.id, undefined, at);
    },
  },
};
