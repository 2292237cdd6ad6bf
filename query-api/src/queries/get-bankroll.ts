import { sql, type Kysely } from 'kysely';
import { bankrollQuery, fromCents, toCents, type Bankroll, type BankrollLedger } from '@bt/contracts';
import type { BankrollEntryRow, BankrollRow } from '@bt/read-models';
import { iso, readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

const toBankroll = (row: BankrollRow | undefined, atRisk = 0): Bankroll => ({
  amount: row?.amount ?? 0,
  deposits: row?.deposits ?? 0,
  withdrawals: row?.withdrawals ?? 0,
  adjustments: row?.adjustments ?? 0,
  settledProfit: row?.settled_profit ?? 0,
  atRisk,
  available: fromCents(toCents(row?.amount ?? 0) - toCents(atRisk)),
  updatedAt: row?.updated_at ? iso(row.updated_at) : null,
});

/** The stakes of the user's pending bets and parlays (a parlay's legs are in its stake; bonus stakes are not the bettor's money). */
const stakesAtRisk = async (db: Kysely<ReadDatabase>, userId: string): Promise<number> => {
  const row = await readModels(db)
    .selectFrom('bets')
    .select(sql<string | null>`sum(stake)`.as('stake'))
    .where('user_id', '=', userId)
    .where('outcome', '=', 'pending')
    .where('is_part_of_parlay', '=', false)
    .where('bonus_bet', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.stake ?? 0);
};

/** GET /api/bankroll: balance = deposits - withdrawals + adjustments + settled profit; available = balance - at risk. */
export async function getBankroll(db: Kysely<ReadDatabase>, userId: string): Promise<Bankroll> {
  const [row, atRisk] = await Promise.all([
    readModels(db).selectFrom('bankroll').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    stakesAtRisk(db, userId),
  ]);
  return toBankroll(row, atRisk);
}

const toEntry = (row: BankrollEntryRow): BankrollLedger['entries'][number] => ({
  revision: row.revision,
  kind: row.kind,
  amount: row.amount,
  countedBalance: row.counted_balance,
  note: row.note,
  at: iso(row.created_at),
  undoneAt: row.undone_at ? iso(row.undone_at) : null,
});

/** GET /api/bankroll/ledger: every deposit, withdrawal and adjustment, newest first, with the stream's version. */
export async function getBankrollLedger(db: Kysely<ReadDatabase>, userId: string): Promise<BankrollLedger> {
  const [bankroll, rows] = await Promise.all([
    readModels(db).selectFrom('bankroll').select('version').where('user_id', '=', userId).executeTakeFirst(),
    readModels(db).selectFrom('bankroll_entries').selectAll().where('user_id', '=', userId).orderBy('revision', 'desc').execute(),
  ]);
  return { version: bankroll?.version ?? null, entries: rows.map(toEntry) };
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

/** GET /api/bankroll/ledger */
export const bankrollLedgerRoute: QueryRoute = { path: '/bankroll/ledger', answer: ({ db, userId }) => getBankrollLedger(db, userId) };
