import { amendedParlayDating, parlayClosingOdds, pricedParlay, rowVersion, type Outcome, type ParlayLeg } from '@bt/contracts';
import type { ParlayRow } from '../../database';
import { newestFirst, type ReadModel } from '../../fold/read-model';
import { takeRemoved } from '../removed-rows/projection';
import { importOf } from '../../fold/import-gate';
import { KeyedRows } from '../../fold/row-sets';
import { intern, recordedAt } from '../../fold/state';
import { parlays as parlaysTable } from './table';

/** What contracts' pricedParlay derives: a parlay row is stored without these and priced by `priced`. */
type Derived =
  | 'total_odds'
  | 'decimal_odds'
  | 'potential_profit'
  | 'profit'
  | 'outcome'
  | 'closing_odds'
  | 'clv'
  | 'stake_at_risk'
  | 'units'
  | 'profit_units';

/**
 * The row with its price, outcome, profit, close, clv, stake at risk and units, as contracts'
 * pricedParlay derives them (DESIGN "Parlay"); its close is contracts' parlayClosingOdds.
 */
export const priced = (row: Omit<ParlayRow, Derived>): ParlayRow => {
  const price = pricedParlay({
    legs: row.legs,
    totalOdds: row.imported_total_odds,
    stake: row.stake,
    outcome: row.chosen_outcome,
    bonusBet: row.bonus_bet,
    cashOutAmount: row.cash_out_amount,
    unitSize: row.unit_size,
  });
  return {
    ...row,
    total_odds: price.totalOdds,
    decimal_odds: price.decimalOdds,
    potential_profit: price.potentialProfit,
    outcome: price.outcome,
    profit: price.profit,
    closing_odds: parlayClosingOdds(row.legs),
    clv: price.clv,
    stake_at_risk: price.stakeAtRisk,
    units: price.units,
    profit_units: price.profitUnits,
  };
};

/** Legs as stored (odds and closing odds as typed), every field present. */
const copyLegs = (legs: readonly ParlayLeg[]): ParlayLeg[] =>
  legs.map((leg) => ({
    sport: leg.sport,
    event: leg.event,
    selection: leg.selection,
    odds: leg.odds,
    date: leg.date,
    outcome: leg.outcome ?? 'pending',
    league: leg.league ?? null,
    closingOdds: leg.closingOdds ?? null,
    startsAt: leg.startsAt ?? null,
  }));

const tagsOf = (tags: readonly string[] | undefined): string[] => (tags ? [...tags] : []);

/** `parlays`: each parlay priced from its legs (its row in `bets` follows it, see ./bets.ts). */
export const parlaysProjection: ReadModel<'parlays', typeof parlaysTable, KeyedRows<'parlays'>, ParlayRow[]> = {
  name: 'parlays',
  uses: ['removedRows'],
  table: parlaysTable,
  version: 2, // 2: recorded_at, imported (start times, public profiles)
  initial: (userId) => new KeyedRows(parlaysTable, userId),
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
        imported_total_odds: data.totalOdds ?? null,
        version: rowVersion(event.revision),
        book: data.book ?? null,
        tags: tagsOf(data.tags),
        bonus_bet: data.bonusBet ?? false,
        cash_out_amount: null,
        unit_size: data.unitSize ?? null,
        recorded_at: recordedAt(event),
        imported: importOf(event) !== undefined,
      });
      state.parlays.put(parlay.id, parlay);
    },
    ParlayAmended(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      // The unit size is the one in effect when the parlay was created: an amend never changes it.
      const { name, stake, notes, legs, book, tags, bonusBet, totalOdds } = event.data.changes;
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
          imported_total_odds: totalOdds === undefined ? parlay.imported_total_odds : totalOdds,
          book: book === undefined ? parlay.book : book,
          tags: tags === undefined ? parlay.tags : tagsOf(tags),
          bonus_bet: bonusBet ?? parlay.bonus_bet,
          updated_at: at,
          version: rowVersion(event.revision),
        }),
      );
    },
    ParlaySettled(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      const chosen: Outcome = event.data.outcome;
      state.parlays.put(
        parlay.id,
        priced({
          ...parlay,
          chosen_outcome: chosen,
          // A cash-out's amount; every other outcome has none.
          cash_out_amount: chosen === 'cashout' ? (event.data.cashOutAmount ?? null) : null,
          updated_at: at,
          version: rowVersion(event.revision),
        }),
      );
    },
    ParlayRemoved(state, { data }) {
      state.parlays.remove(data.parlayId);
    },
    // "Apply my unit size to earlier bets": the parlay counts in units from here (a removed one is never chosen).
    ParlayUnitSizeApplied(state, event, at) {
      const parlay = state.parlays.get(event.data.parlayId);
      if (!parlay) return;
      state.parlays.put(
        parlay.id,
        priced({ ...parlay, unit_size: event.data.unitSize, updated_at: at, version: rowVersion(event.revision) }),
      );
    },
    ParlayRestored(state, event, at) {
      const kept = takeRemoved(state, 'parlay', event.data.parlayId);
      if (kept?.parlayRow) state.parlays.put(kept.parlayRow.id, { ...kept.parlayRow, updated_at: at, version: rowVersion(event.revision) });
    },
  },
  rowSet: (state) => state.parlays,
  replay: (state) => state.parlays.list().sort(newestFirst),
};
