import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/**
 * One row per user with any event. amount = deposits - withdrawals + adjustments + settled_profit
 * (bets and parlays); an undone entry (BankrollEntryUndone) counts in none of them.
 */
export const bankroll = table('bankroll', {
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    amount: col.money(),
    deposits: col.money(),
    withdrawals: col.money(),
    settled_profit: col.money(),
    /** Last change of any of the figures above; null when nothing changed them yet. */
    updated_at: col.timestamptz().orNull(),
    /** Adjustments to a counted balance (BankrollAdjusted), signed. */
    adjustments: col.money(),
    /** The revision of the last event of `bankroll-{userId}` (the ledger's If-Match); null before any. */
    version: col.integer().orNull(),
  },
});

export type BankrollRow = Selectable<TableType<typeof bankroll>>;
