import { parlayOutcome, priceParlay, profitAtDecimal, type Outcome, type ParlayLeg } from '@bt/contracts';
import type { ParlayRow } from '../db/schema';
import { newestFirst, type ReadModel } from './read-model';
import { intern, versionOf } from './state';

/**
 * Prices a parlay and derives its outcome from its legs (DESIGN "Parlay"): pushed legs priced out,
 * any lost leg loses it, all pushed is a push, all remaining won is a win; while legs are pending
 * the outcome the user chose stands.
 */
export const priced = (row: Omit<ParlayRow, 'total_odds' | 'decimal_odds' | 'potential_profit' | 'profit' | 'outcome'>): ParlayRow => {
  const price = priceParlay(row.legs, row.stake);
  const outcome = parlayOutcome(row.legs, row.chosen_outcome);
  return {
    ...row,
    total_odds: price.totalOdds,
    decimal_odds: price.decimalOdds,
    potential_profit: price.potentialProfit,
    outcome,
    profit: profitAtDecimal(row.stake, price.decimalOdds, outcome),
  };
};

const copyLegs = (legs: readonly ParlayLeg[]): ParlayLeg[] =>
  legs.map((leg) => ({
    sport: leg.sport,
    event: leg.event,
    selection: leg.selection,
    odds: leg.odds,
    date: leg.date,
    outcome: leg.outcome ?? 'pending',
  }));

/** `parlays`: each parlay priced from its legs (its row in `bets` follows it, see ./bets.ts). */
export const parlaysProjection: ReadModel<'parlays'> = {
  name: 'parlays',
  table: 'parlays',
  reads: {
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
        version: versionOf(event),
      });
      state.parlays.put(parlay.id, parlay);
    },
    ParlayAmended(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      const { name, stake, notes, date, legs } = event.data.changes;
      state.parlays.put(
        parlay.id,
        priced({
          ...parlay,
          name: name ?? parlay.name,
          stake: stake ?? parlay.stake,
          notes: notes === undefined ? parlay.notes : notes,
          date: date ? intern(date) : parlay.date,
          legs: legs ? copyLegs(legs) : parlay.legs,
          updated_at: at,
          version: versionOf(event),
        }),
      );
    },
    ParlaySettled(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      const chosen: Outcome = event.data.outcome;
      state.parlays.put(parlay.id, priced({ ...parlay, chosen_outcome: chosen, updated_at: at, version: versionOf(event) }));
    },
    ParlayRemoved(state, { data }) {
      state.parlays.remove(data.parlayId);
    },
  },
  rowSet: (state) => state.parlays,
  replay: (state) => state.parlays.list().sort(newestFirst),
};
