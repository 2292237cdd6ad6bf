import type { Kysely } from 'kysely';
import { americanTextOfOdds, decimalOfOdds, roundDecimalOdds, type Parlay, type ParlayLeg, type ParlayLegView } from '@bt/contracts';
import type { ParlayRow } from '@bt/read-models';
import { iso, readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

/** A leg as answered: odds and closing odds (stored as typed) in canonical American text, with its decimal price. */
export const legView = (leg: ParlayLeg): ParlayLegView => ({
  sport: leg.sport,
  event: leg.event,
  selection: leg.selection,
  odds: leg.odds === null ? null : americanTextOfOdds(leg.odds),
  decimalOdds: leg.odds === null ? null : roundDecimalOdds(decimalOfOdds(leg.odds)),
  date: leg.date,
  outcome: leg.outcome,
  league: leg.league ?? null,
  closingOdds: leg.closingOdds ? americanTextOfOdds(leg.closingOdds) : null,
  startsAt: leg.startsAt ?? null,
});

export const toParlay = (row: ParlayRow): Parlay => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  totalOdds: row.total_odds,
  decimalOdds: row.decimal_odds,
  stake: row.stake,
  potentialProfit: row.potential_profit,
  profit: row.profit,
  outcome: row.outcome,
  notes: row.notes,
  date: row.date,
  dateSet: row.date_set,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  legs: row.legs.map(legView),
  version: row.version,
  closingOdds: row.closing_odds,
  book: row.book,
  tags: row.tags,
  clv: row.clv,
  bonusBet: row.bonus_bet,
  cashOutAmount: row.cash_out_amount,
  unitSize: row.unit_size,
  units: row.units,
  profitUnits: row.profit_units,
});

/** GET /api/parlays: newest first. */
export async function getParlays(db: Kysely<ReadDatabase>, userId: string): Promise<Parlay[]> {
  const rows = await readModels(db)
    .selectFrom('parlays')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toParlay);
}

/** GET /api/parlays */
export const parlaysRoute: QueryRoute = { path: '/parlays', answer: ({ db, userId }) => getParlays(db, userId) };
