import type { Selectable } from 'kysely';
import type { BankrollEntry } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

/**
 * The bankroll ledger: one row per deposit, withdrawal or adjustment (FundsAdded, FundsWithdrawn,
 * BankrollAdjusted). `id` is `revision` as text (the row's key); `revision` its place in
 * `bankroll-{userId}`. `amount` is the signed change to the balance; `undone_at` is set by a
 * BankrollEntryUndone (the row stays: the ledger shows what was undone).
 */
export const bankroll_entries = table('bankroll_entries', {
  owner: 'user_id',
  key: ['user_id', 'id'],
  columns: {
    user_id: col.uuid(),
    id: col.text(),
    revision: col.integer(),
    kind: col.text<BankrollEntry['kind']>(),
    amount: col.money(),
    counted_balance: col.money().orNull(),
    note: col.text().orNull(),
    created_at: col.timestamptz(),
    undone_at: col.timestamptz().orNull(),
  },
});

export type BankrollEntryRow = Selectable<TableType<typeof bankroll_entries>>;
