import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/** One row per user with any event. amount = deposits - withdrawals + settled_profit (bets and parlays). */
export const bankroll = table({
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
  },
});

export type BankrollRow = Selectable<TableType<typeof bankroll>>;
