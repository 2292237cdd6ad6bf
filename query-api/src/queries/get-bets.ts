import type { Kysely } from 'kysely';
import { betsQuery, historyViewOf, type BetRow } from '@bt/contracts';
import type { QueryRoute } from '../query-route';
import { readModels, type ReadDatabase } from '../read-db';
import { betRowFromTable } from './bet-row';
import { getBetsPage } from './get-bets-page';
import { getDeletedBets } from './get-deleted-bets';

/**
 * GET /api/bets: the history table's rows, newest first (createdAt desc): single bets and parlays
 * merged; single bets that belong to a parlay are hidden (spec 9, "History table").
 */
export async function getBets(db: Kysely<ReadDatabase>, userId: string): Promise<BetRow[]> {
  const rows = await readModels(db)
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_part_of_parlay', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(betRowFromTable);
}

/**
 * GET /api/bets: every row; with `page`, one page of Bet History, as the record stood then with
 * `asOf`; with `deleted=true`, the removed ones, few and listed whole (newest removal first), so
 * paging does not apply.
 */
export const betsRoute: QueryRoute = {
  path: '/bets',
  heavy: 'asOf',
  answer: ({ db, userId, today, readAsOf }, ctx) => {
    const query = betsQuery.parse(ctx.query);
    const { page } = query;
    if (query.deleted) return getDeletedBets(db, userId);
    if (page === undefined) return getBets(db, userId);
    return readAsOf(query, {
      live: () => getBetsPage(db, userId, { ...query, page }, query.today ?? today()),
      // The periods count back from that day, as the stats' do.
      replay: (day) => ({ rows: 'betsPage', view: historyViewOf({ ...query, page }), today: day }),
      answer: (rows) => rows.page,
    });
  },
};
