import type { Kysely } from 'kysely';
import type { BetRow } from '@bt/contracts';
import type { BetHistoryRow } from '@bt/read-models';
import { iso, readModels, type ReadDatabase } from '../read-db';
import { betRowFromTable } from './bet-row';

/**
 * GET /api/bets?deleted=true: the user's removed bets and parlays (not a parlay's member bets), newest
 * removal first, each as it was when removed, with `deletedAt`. Not paged: what is deleted is few.
 */
export async function getDeletedBets(db: Kysely<ReadDatabase>, userId: string): Promise<BetRow[]> {
  const rows = await readModels(db)
    .selectFrom('removed_rows')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', 'in', ['bet', 'parlay'])
    .orderBy('removed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows
    .map((removed) => ({ row: removed.row as BetHistoryRow, deletedAt: iso(removed.removed_at) }))
    .filter(({ row }) => !row.is_part_of_parlay)
    .map(({ row, deletedAt }) => ({ ...betRowFromTable(row), deletedAt }));
}
