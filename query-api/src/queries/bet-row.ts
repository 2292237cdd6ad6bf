import { americanTextOfOdds, type BetRow } from '@bt/contracts';
import type { BetHistoryRow } from '@bt/read-models';
import { iso } from '../read-db';

/**
 * A row of the `bets` read model as GET /api/bets and the CSV export answer it: odds and closing
 * odds (stored as typed) in their canonical American text, with the row's decimal price.
 */
export const betRowFromTable = (row: BetHistoryRow): BetRow => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  sport: row.sport,
  event: row.event,
  betType: row.bet_type as BetRow['betType'],
  odds: americanTextOfOdds(row.odds),
  stake: row.stake,
  profit: row.profit,
  outcome: row.outcome,
  notes: row.notes,
  date: row.date,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  parlayId: row.parlay_id,
  isPartOfParlay: row.is_part_of_parlay,
  legCount: row.leg_count,
  version: row.version,
  league: row.league,
  closingOdds: row.closing_odds === null ? null : americanTextOfOdds(row.closing_odds),
  startsAt: row.starts_at,
  book: row.book,
  tags: row.tags,
  decimalOdds: row.decimal_odds,
  clv: row.clv,
  bonusBet: row.bonus_bet,
  cashOutAmount: row.cash_out_amount,
  unitSize: row.unit_size,
  units: row.units,
  profitUnits: row.profit_units,
});
