import { amendedParlayDating, pricedParlay, rowVersion, type Outcome, type ParlayLeg } from '@bt/contracts';
import type { ParlayRow } from '../db/schema';
import { newestFirst, type ReadModel } from './read-model';
import { intern } from './state';

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
        date_set: data.dateSet ?? true,
        created_at: at,
        updated_at: at,
        legs: copyLegs(data.legs),
        version: rowVersion(event.revision),
      });
      state.parlays.put(parlay.id, parlay);
    },
    ParlayAmended(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      const { name, stake, notes, legs } = event.data.changes;
      const dating = amendedParlayDating({ date: parlay.date, dateSet: parlay.date_set }, event.data.changes);
      state.parlays.put(
        parlay.id,
        priced({
          ...parlay,
          name: name ?? parlay.name,
          stake: stake ?? parlay.stake,
          notes: notes === undefined ? parlay.notes : notes,
          date: intern(dating.date),
          date_set: dating.dateSet,
          legs: legs ? copyLegs(legs) : parlay.legs,
          updated_at: at,
          version: rowVersion(event.revision),
        }),
      );
    },
    ParlaySettled(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      const chosen: Outcome = event.data.outcome;
      state.parlays.put(parlay.id, priced({ ...parlay, chosen_outcome: chosen, updated_at: at, version: rowVersion(event.revision) }));
    },
    ParlayRemoved(state, { data }) {
      state.parlays.remove(data.parlayId);
    },
  },
  rowSet: (state) => state.parlays,
  replay: (state) => state.parlays.list().sort(newestFirst),
};
