import { pricedBet, rowVersion, type Outcome } from '@bt/contracts';
import type { BetHistoryRow } from '../db/schema';
import { replaceHistoryRow } from './history';
import { intern, type Projection } from './state';

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
        version: rowVersion(event.revision),
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
        version: rowVersion(event.revision),
      };
      next.profit = pricedBet(next).profit;
      replaceHistoryRow(state, bet.id, next, at);
    },
    BetSettled(state, event, at) {
      const bet = state.history.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      const outcome = intern(event.data.outcome) as Outcome;
      const next: BetHistoryRow = {
        ...bet,
        outcome,
        profit: pricedBet({ stake: bet.stake, odds: bet.odds, outcome }).profit,
        updated_at: at,
        version: rowVersion(event.revision),
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
