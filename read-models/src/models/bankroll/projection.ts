import { toCents } from '@bt/contracts';
import type { BankrollRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow, zeroRow } from '../../fold/row-sets';
import type { ProjectedEvent, UserState } from '../../fold/state';
import { bankroll as bankrollTable } from './table';

/** Notes the bankroll stream's revision (every event of it: an undo adds no ledger row). */
const seen = (state: UserState, event: ProjectedEvent) => {
  state.bankroll.row!.version = Number(event.revision);
  state.bankroll.mark();
};

/** Changes the bankroll's figures (in cents) at `at`; amount = deposits - withdrawals + adjustments + settled profit. */
const change = (state: UserState, at: Date, apply: (bankroll: BankrollRow) => void) => {
  const bankroll = state.bankroll.row!;
  apply(bankroll);
  bankroll.amount = bankroll.deposits - bankroll.withdrawals + bankroll.adjustments + bankroll.settled_profit;
  bankroll.updated_at = at;
  state.bankroll.mark();
};

/**
 * `bankroll`: deposits, withdrawals and adjustments from the bankroll stream (an undone entry taken
 * back out: it reads the ledger's row before the ledger marks it undone), and the settled profit
 * of bets and parlays, following the `bets` rows. Balance = deposits - withdrawals + adjustments
 * + settled profit.
 */
export const bankrollProjection: ReadModel<'bankroll', typeof bankrollTable, OneRow<'bankroll'>, BankrollRow | null> = {
  name: 'bankroll',
  table: bankrollTable,
  version: 2, // 2: adjustments, the ledger's version
  uses: ['bankrollEntries'],
  before: ['bankrollEntries'],
  initial: (userId) => new OneRow(bankrollTable, zeroRow(bankrollTable, { user_id: userId }), true),
  reads: {
    FundsAdded(state, event, at) {
      const { data } = event;
      seen(state, event);
      change(state, at, (b) => (b.deposits += toCents(data.amount)));
    },
    FundsWithdrawn(state, event, at) {
      const { data } = event;
      seen(state, event);
      change(state, at, (b) => (b.withdrawals += toCents(data.amount)));
    },
    BankrollAdjusted(state, event, at) {
      const { data } = event;
      seen(state, event);
      change(state, at, (b) => (b.adjustments += toCents(data.difference)));
    },
    BankrollEntryUndone(state, event, at) {
      const { data } = event;
      seen(state, event);
      const entry = state.bankrollEntries.get(String(data.entryRevision));
      if (!entry || entry.undone_at !== null) return;
      const cents = toCents(entry.amount);
      change(state, at, (b) => {
        if (entry.kind === 'deposit') b.deposits -= cents;
        else if (entry.kind === 'withdrawal')
          b.withdrawals += cents; // the entry's amount is negative
        else b.adjustments -= cents;
      });
    },
  },
  followsBets(state, { previous, next }, at) {
    const profit = (next ? toCents(next.profit) : 0) - (previous ? toCents(previous.profit) : 0);
    if (profit !== 0) change(state, at, (b) => (b.settled_profit += profit));
  },
  rowSet: (state) => state.bankroll,
  replay: (state, hasEvents) => (hasEvents ? state.bankroll.value() : null),
};
