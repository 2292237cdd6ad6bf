import { pricedBet, rowVersion, type Outcome } from '@bt/contracts';
import type { BetHistoryRow, ParlayRow } from '../db/schema';
import { newestFirst, type ReadModel } from './read-model';
import { intern, type UserState } from './state';

/**
 * Puts a `bets` row in place of the one with the same id, or removes it (`next` undefined), and
 * notes the change for the read models that follow the bet history (user_stats, daily,
 * sport_distribution, the bankroll's settled profit, streaks, goal amounts).
 */
const putRow = (state: UserState, id: string, next: BetHistoryRow | undefined): void => {
  const previous = state.bets.get(id);
  // Stryker disable next-line all: equivalent: a change with neither side moves no follower
  if (!previous && !next) return;
  if (next) state.bets.put(id, next);
  else state.bets.remove(id);
  state.betChanges.push({ previous, next });
};

/** A parlay's row in the merged bet history. */
export const parlayHistoryRow = (parlay: ParlayRow): BetHistoryRow => ({
  id: parlay.id,
  user_id: parlay.user_id,
  kind: 'parlay',
  sport: 'parlay',
  event: parlay.name,
  bet_type: 'parlay',
  odds: parlay.total_odds,
  stake: parlay.stake,
  profit: parlay.profit,
  outcome: parlay.outcome,
  notes: parlay.notes,
  date: parlay.date,
  created_at: parlay.created_at,
  updated_at: parlay.updated_at,
  parlay_id: null,
  is_part_of_parlay: false,
  leg_count: parlay.legs.length,
  version: parlay.version,
});

/** A parlay's history row follows its `parlays` row (the parlays projection has seen the event first). */
const followParlay = (state: UserState, { data }: { data: { parlayId: string } }) => {
  const parlay = state.parlays.get(data.parlayId);
  if (parlay) putRow(state, parlay.id, parlayHistoryRow(parlay));
};

/**
 * `bets`, the bet history: rows of kind 'bet' from the bet events (a bet is placed pending;
 * BetSettled sets, or resets, its outcome), and a row of kind 'parlay' per parlay, derived from
 * its `parlays` row.
 */
export const betsProjection: ReadModel<'bets'> = {
  name: 'bets',
  table: 'bets',
  reads: {
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
      putRow(state, row.id, row);
    },
    BetAmended(state, event, at) {
      const bet = state.bets.get(event.data.betId);
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
      putRow(state, bet.id, next);
    },
    BetSettled(state, event, at) {
      const bet = state.bets.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      const outcome = intern(event.data.outcome) as Outcome;
      const next: BetHistoryRow = {
        ...bet,
        outcome,
        profit: pricedBet({ stake: bet.stake, odds: bet.odds, outcome }).profit,
        updated_at: at,
        version: rowVersion(event.revision),
      };
      putRow(state, bet.id, next);
    },
    BetRemoved(state, event) {
      const bet = state.bets.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      putRow(state, bet.id, undefined);
    },
    ParlayCreated: followParlay,
    ParlayAmended: followParlay,
    ParlaySettled: followParlay,
    ParlayRemoved(state, { data }) {
      if (state.bets.get(data.parlayId)?.kind === 'parlay') putRow(state, data.parlayId, undefined);
    },
  },
  rowSet: (state) => state.bets,
  replay: (state) => state.bets.list().sort(newestFirst),
};
