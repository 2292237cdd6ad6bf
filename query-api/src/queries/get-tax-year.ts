import type { Kysely } from 'kysely';
import { taxYearOf, taxYearQuery, type BetType, type Outcome } from '@bt/contracts';
import type { QueryRoute, Reads } from '../query-route';
import { iso, readModels, type ReadDatabase } from '../read-db';

/** A wager of the year as the tax year and its diary read it. */
export interface YearWager {
  id: string;
  date: string;
  book: string | null;
  event: string;
  betType: BetType;
  stake: number;
  profit: number;
  outcome: Outcome;
  bonusBet: boolean;
  cashOutAmount: number | null;
  /** When it was placed in this product: the placing event's occurredAt (the row's created_at). */
  recordedAt: string;
}

/**
 * The user's wagers dated in `year`, oldest first (date, then entry time, then id): single bets and
 * parlays (each one wager), never a parlay's member bets. One range of the (user_id, date) index.
 */
export async function yearWagers(db: Kysely<ReadDatabase>, userId: string, year: number): Promise<YearWager[]> {
  const rows = await readModels(db)
    .selectFrom('bets')
    .select(['id', 'date', 'book', 'event', 'bet_type', 'stake', 'profit', 'outcome', 'bonus_bet', 'cash_out_amount', 'created_at'])
    .where('user_id', '=', userId)
    .where('is_part_of_parlay', '=', false)
    .where('date', '>=', `${year}-01-01`)
    .where('date', '<=', `${year}-12-31`)
    .orderBy('date')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    book: row.book,
    event: row.event,
    betType: row.bet_type as BetType,
    stake: row.stake,
    profit: row.profit,
    outcome: row.outcome,
    bonusBet: row.bonus_bet,
    cashOutAmount: row.cash_out_amount,
    recordedAt: iso(row.created_at),
  }));
}

/** The year a report asks for: `?year=YYYY`, else the server's current UTC year. */
export const reportYear = (reads: Reads, query: unknown): number => taxYearQuery.parse(query).year ?? Number(reads.today().slice(0, 4));

/** GET /api/reports/tax?year=: the year's winnings, losses and deductible losses, per book and in total (contracts' taxYearOf). */
export const taxYearRoute: QueryRoute = {
  path: '/reports/tax',
  answer: async (reads, ctx) => {
    const year = reportYear(reads, ctx.query);
    return taxYearOf(year, await yearWagers(reads.db, reads.userId, year));
  },
};
