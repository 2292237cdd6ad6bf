import type { Kysely } from 'kysely';
import type { Parlay } from '@bt/contracts';
import type { ParlayRow } from '@bt/projector';
import { iso, readModels, type ReadDatabase } from '../read-db';

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
  legs: row.legs,
  version: row.version,
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
