import type { Kysely } from 'kysely';
import type { Bankroll } from '@bt/contracts';
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

/** GET /api/bankroll */
export const bankrollRoute: QueryRoute = { path: '/bankroll', answer: ({ db, userId }) => getBankroll(db, userId) };
