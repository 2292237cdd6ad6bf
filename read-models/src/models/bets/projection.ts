import { parlayStartsAt, pricedBet, rowVersion, type Outcome } from '@bt/contracts';
import type { BetHistoryRow, ParlayRow } from '../../database';
import { newestFirst, type ReadModel } from '../../fold/read-model';
import { takeRemoved } from '../removed-rows/projection';
import { importOf } from '../../fold/import-gate';
import { KeyedRows } from '../../fold/row-sets';
import { intern, recordedAt, type UserState } from '../../fold/state';
import { bets as betsTable } from './table';

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

/** What a bet's row holds as stored: its price and terms, from which everything else is priced. */
type StoredBet = Omit<BetHistoryRow, 'profit' | 'decimal_odds' | 'clv' | 'stake_at_risk' | 'units' | 'profit_units'>;

/** The row with what contracts' pricedBet derives from it: profit, decimal price, clv, stake at risk and units. */
export const pricedBetRow = (row: StoredBet): BetHistoryRow => {
  const price = pricedBet({
    stake: row.stake,
    odds: row.odds,
    outcome: row.outcome,
    closingOdds: row.closing_odds,
    bonusBet: row.bonus_bet,
    cashOutAmount: row.cash_out_amount,
    unitSize: row.unit_size,
  });
  // One literal of every column (not `...row` and the priced ones after it): V8 builds it in one
  // step, where the spread then six more fields cost ~2 us a row (a fifth of an asOf replay's fold).
  return {
    id: row.id,
    user_id: row.user_id,
    kind: row.kind,
    sport: row.sport,
    event: row.event,
    bet_type: row.bet_type,
    odds: row.odds,
    stake: row.stake,
    outcome: row.outcome,
    notes: row.notes,
    date: row.date,
    created_at: row.created_at,
    updated_at: row.updated_at,
    parlay_id: row.parlay_id,
    is_part_of_parlay: row.is_part_of_parlay,
    leg_count: row.leg_count,
    version: row.version,
    book: row.book,
    league: row.league,
    tags: row.tags,
    closing_odds: row.closing_odds,
    bonus_bet: row.bonus_bet,
    cash_out_amount: row.cash_out_amount,
    unit_size: row.unit_size,
    starts_at: row.starts_at,
    recorded_at: row.recorded_at,
    imported: row.imported,
    profit: price.profit,
    decimal_odds: price.decimalOdds,
    clv: price.clv,
    stake_at_risk: price.stakeAtRisk,
    units: price.units,
    profit_units: price.profitUnits,
  };
};

/** Tags as a row keeps them (a copy: the event's array is not shared). */
const tagsOf = (tags: readonly string[] | undefined): string[] => (tags ? [...tags] : []);

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
  book: parlay.book,
  league: null,
  tags: parlay.tags,
  decimal_odds: parlay.decimal_odds,
  closing_odds: parlay.closing_odds,
  clv: parlay.clv,
  bonus_bet: parlay.bonus_bet,
  cash_out_amount: parlay.cash_out_amount,
  unit_size: parlay.unit_size,
  units: parlay.units,
  profit_units: parlay.profit_units,
  stake_at_risk: parlay.stake_at_risk,
  starts_at: parlayStartsAt(parlay.legs),
  recorded_at: parlay.recorded_at,
  imported: parlay.imported,
});

/** A parlay's history row follows its `parlays` row (the parlays projection has seen the event first). */
const followParlay = (state: UserState, { data }: { data: { parlayId: string } }) => {
  const parlay = state.parlays.get(data.parlayId);
  if (parlay) putRow(state, parlay.id, parlayHistoryRow(parlay));
};

/**
 * `bets`, the bet history: rows of kind 'bet' from the bet events (a bet is placed pending, with the
 * unit size of its placement; BetSettled sets, or resets, its outcome and a cash-out's amount), and a row of kind 'parlay' per parlay, derived from
 * its `parlays` row.
 */
export const betsProjection: ReadModel<'bets', typeof betsTable, KeyedRows<'bets'>, BetHistoryRow[]> = {
  name: 'bets',
  uses: ['parlays', 'removedRows'],
  // A parlay's history row is derived from its `parlays` row as the parlay event left it.
  after: ['parlays'],
  table: betsTable,
  version: 2, // 2: starts_at, recorded_at, imported
  initial: (userId) => new KeyedRows(betsTable, userId),
  reads: {
    BetPlaced(state, event, at) {
      const { data } = event;
      const row = pricedBetRow({
        id: data.betId,
        user_id: state.userId,
        kind: 'bet',
        sport: intern(data.sport) as BetHistoryRow['sport'],
        event: data.event,
        bet_type: intern(data.betType),
        odds: intern(data.odds),
        stake: data.stake,
        outcome: 'pending',
        notes: data.notes ?? null,
        date: intern(data.date),
        created_at: at,
        updated_at: at,
        parlay_id: null,
        is_part_of_parlay: false,
        leg_count: null,
        version: rowVersion(event.revision),
        book: data.book ?? null,
        league: data.league ?? null,
        tags: tagsOf(data.tags),
        closing_odds: data.closingOdds ? intern(data.closingOdds) : null,
        bonus_bet: data.bonusBet ?? false,
        cash_out_amount: null,
        unit_size: data.unitSize ?? null,
        starts_at: data.startsAt ?? null,
        recorded_at: recordedAt(event),
        imported: importOf(event) !== undefined,
      });
      putRow(state, row.id, row);
    },
    BetAmended(state, event, at) {
      const bet = state.bets.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      // The unit size is the one in effect at placement: an amend never changes it (history is not rewritten).
      const {
        sport,
        event: name,
        betType,
        odds,
        stake,
        notes,
        date,
        book,
        league,
        tags,
        closingOdds,
        bonusBet,
        startsAt,
      } = event.data.changes;
      const next = pricedBetRow({
        ...bet,
        sport: sport ? (intern(sport) as BetHistoryRow['sport']) : bet.sport,
        event: name ?? bet.event,
        bet_type: betType ? intern(betType) : bet.bet_type,
        odds: odds ? intern(odds) : bet.odds,
        stake: stake ?? bet.stake,
        notes: notes === undefined ? bet.notes : notes,
        date: date ? intern(date) : bet.date,
        book: book === undefined ? bet.book : book,
        league: league === undefined ? bet.league : league,
        tags: tags === undefined ? bet.tags : tagsOf(tags),
        closing_odds: closingOdds === undefined ? bet.closing_odds : closingOdds === null ? null : intern(closingOdds),
        bonus_bet: bonusBet ?? bet.bonus_bet,
        starts_at: startsAt === undefined ? bet.starts_at : startsAt,
        updated_at: at,
        version: rowVersion(event.revision),
      });
      putRow(state, bet.id, next);
    },
    BetSettled(state, event, at) {
      const bet = state.bets.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      const outcome = intern(event.data.outcome) as Outcome;
      const next = pricedBetRow({
        ...bet,
        outcome,
        // A cash-out's amount; every other outcome has none.
        cash_out_amount: outcome === 'cashout' ? (event.data.cashOutAmount ?? null) : null,
        updated_at: at,
        version: rowVersion(event.revision),
      });
      putRow(state, bet.id, next);
    },
    // "Apply my unit size to earlier bets": the bet counts in units from here (a removed one is never chosen).
    BetUnitSizeApplied(state, event, at) {
      const bet = state.bets.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      putRow(state, bet.id, pricedBetRow({ ...bet, unit_size: event.data.unitSize, updated_at: at, version: rowVersion(event.revision) }));
    },
    BetRemoved(state, event) {
      const bet = state.bets.get(event.data.betId);
      if (!bet || bet.kind !== 'bet') return;
      putRow(state, bet.id, undefined);
    },
    BetRestored(state, event, at) {
      const kept = takeRemoved(state, 'bet', event.data.betId);
      if (kept) putRow(state, kept.row.id, { ...kept.row, updated_at: at, version: rowVersion(event.revision) });
    },
    ParlayCreated: followParlay,
    ParlayAmended: followParlay,
    ParlaySettled: followParlay,
    ParlayUnitSizeApplied: followParlay,
    ParlayRemoved(state, { data }) {
      if (state.bets.get(data.parlayId)?.kind === 'parlay') putRow(state, data.parlayId, undefined);
    },
    // The parlays projection has put its row back (when it was removed); its history row follows.
    ParlayRestored(state, event) {
      if (!state.bets.get(event.data.parlayId)) followParlay(state, event);
    },
  },
  rowSet: (state) => state.bets,
  replay: (state) => state.bets.list().sort(newestFirst),
};
