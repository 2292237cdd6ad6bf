import { pricedParlay, rowVersion, type Outcome, type ParlayLeg } from '@bt/contracts';
import type { BetHistoryRow, ParlayRow } from '../db/schema';
import { replaceHistoryRow } from './history';
import { intern, type Projection, type UserState } from './state';

/** The row with its price, outcome and profit, as contracts' pricedParlay derives them (DESIGN "Parlay"). */
export const priced = (row: Omit<ParlayRow, 'total_odds' | 'decimal_odds' | 'potential_profit' | 'profit' | 'outcome'>): ParlayRow => {
  const price = pricedParlay({ legs: row.legs, stake: row.stake, outcome: row.chosen_outcome });
  return {
    ...row,
    total_odds: price.totalOdds,
    decimal_odds: price.decimalOdds,
    potential_profit: price.potentialProfit,
    outcome: price.outcome,
    profit: price.profit,
  };
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

const copyLegs = (legs: readonly ParlayLeg[]): ParlayLeg[] =>
  legs.map((leg) => ({
    sport: leg.sport,
    event: leg.event,
    selection: leg.selection,
    odds: leg.odds,
    date: leg.date,
    outcome: leg.outcome ?? 'pending',
  }));

const put = (state: UserState, parlay: ParlayRow, at: Date) => {
  state.parlays.set(parlay.id, parlay);
  state.dirty.parlays.add(parlay.id);
  replaceHistoryRow(state, parlay.id, parlayHistoryRow(parlay), at);
};

/** `parlays` rows, and their kind 'parlay' rows in `bets`. */
export const parlaysProjection: Projection = {
  name: 'parlays',
  handlers: {
    ParlayCreated(state, event, at) {
      const { data } = event;
      const parlay = priced({
        id: data.parlayId,
        user_id: state.userId,
        name: data.name,
        stake: data.stake,
        chosen_outcome: 'pending',
        notes: data.notes ?? null,
        date: intern(data.date),
        created_at: at,
        updated_at: at,
        legs: copyLegs(data.legs),
        version: rowVersion(event.revision),
      });
      put(state, parlay, at);
    },
    ParlayAmended(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      const { name, stake, notes, date, legs } = event.data.changes;
      put(
        state,
        priced({
          ...parlay,
          name: name ?? parlay.name,
          stake: stake ?? parlay.stake,
          notes: notes === undefined ? parlay.notes : notes,
          date: date ? intern(date) : parlay.date,
          legs: legs ? copyLegs(legs) : parlay.legs,
          updated_at: at,
          version: rowVersion(event.revision),
        }),
        at,
      );
    },
    ParlaySettled(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      const chosen: Outcome = event.data.outcome;
      put(state, priced({ ...parlay, chosen_outcome: chosen, updated_at: at, version: rowVersion(event.revision) }), at);
    },
    ParlayRemoved(state, event, at) {
      const id = event.data.parlayId;
      if (!state.parlays.has(id)) return;
      state.parlays.delete(id);
      state.dirty.parlays.add(id);
      replaceHistoryRow(state, id, undefined, at);
    },
  },
};
