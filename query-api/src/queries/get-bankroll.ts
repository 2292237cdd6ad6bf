import type { Kysely } from 'kysely';
import { bankrollQuery, type Bankroll } from '@bt/contracts';
import type { BankrollRow } from '@bt/read-models';
import { iso, readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

export const toBankroll = (row: BankrollRow | undefined): Bankroll => ({
  amount: row?.amount ?? 0,
  deposits: row?.deposits ?? 0,
  withdrawals: row?.withdrawals ?? 0,
  settledProfit: row?.settled_profit ?? 0,
  updatedAt: row?.updated_at ? iso(row.updated_at) : null,
});

/** GET /api/bankroll: balance = deposits - withdrawals + settled profit; zeros before any activity. */
export async function getBankroll(db: Kysely<ReadDatabase>, userId: string): Promise<Bankroll> {
  const row = await readModels(db).selectFrom('bankroll').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return toBankroll(row);
}

/**
 * GET /api/bankroll?asOf=&asOfReading=: with asOf, the balance as it stood then (a replay): the
 * deposits and withdrawals recorded by then plus the settled profit of the bets of the reading.
 */
export const bankrollRoute: QueryRoute = {
  path: '/bankroll',
  heavy: 'asOf',
  answer: ({ db, userId, readAsOf }, ctx) =>
    readAsOf(bankrollQuery.parse(ctx.query), {
      live: () => getBankroll(db, userId),
      replay: () => ({ rows: 'bankroll' }),
      answer: ({ bankroll }) => toBankroll(bankroll),
    }),
};
