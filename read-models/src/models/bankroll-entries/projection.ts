import { fromCents, toCents, type BankrollEntry } from '@bt/contracts';
import type { BankrollEntryRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { KeyedRows } from '../../fold/row-sets';
import type { ProjectedEvent, UserState } from '../../fold/state';
import { bankroll_entries as bankrollEntriesTable } from './table';

const entry = (
  state: UserState,
  event: ProjectedEvent,
  at: Date,
  kind: BankrollEntry['kind'],
  amount: number,
  countedBalance: number | null,
  note: string | null,
) => {
  const revision = Number(event.revision);
  state.bankrollEntries.put(String(revision), {
    user_id: state.userId,
    id: String(revision),
    revision,
    kind,
    amount,
    counted_balance: countedBalance,
    note,
    created_at: at,
    undone_at: null,
  });
};

/** `bankroll_entries`: the ledger, newest first (by revision). */
export const bankrollEntriesProjection: ReadModel<
  'bankrollEntries',
  typeof bankrollEntriesTable,
  KeyedRows<'bankroll_entries'>,
  BankrollEntryRow[]
> = {
  name: 'bankrollEntries',
  table: bankrollEntriesTable,
  version: 1,
  // By revision (as text).
  initial: (userId) => new KeyedRows(bankrollEntriesTable, userId),
  reads: {
    FundsAdded(state, event, at) {
      entry(state, event, at, 'deposit', event.data.amount, null, event.data.note ?? null);
    },
    FundsWithdrawn(state, event, at) {
      entry(state, event, at, 'withdrawal', fromCents(-toCents(event.data.amount)), null, event.data.note ?? null);
    },
    BankrollAdjusted(state, event, at) {
      entry(state, event, at, 'adjustment', event.data.difference, event.data.countedBalance, event.data.note);
    },
    BankrollEntryUndone(state, { data }, at) {
      const key = String(data.entryRevision);
      const row = state.bankrollEntries.get(key);
      if (row && row.undone_at === null) state.bankrollEntries.put(key, { ...row, undone_at: at });
    },
  },
  rowSet: (state) => state.bankrollEntries,
  replay: (state) => state.bankrollEntries.list().sort((a, b) => b.revision - a.revision),
};
