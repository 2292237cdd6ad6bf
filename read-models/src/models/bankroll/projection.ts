import { toCents } from '@bt/contracts';
import type { BankrollRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow, zeroRow } from '../../fold/row-sets';
import type { UserState } from '../../fold/state';

/** Changes the bankroll's figures (in cents) at `at`; amount = deposits - withdrawals + settled profit. */
const change = (state: UserState, at: Date, apply: (bankroll: BankrollRow) => void) => {
  const bankroll = state.bankroll.row!;
  apply(bankroll);
  bankroll.amount = bankroll.deposits - bankroll.withdrawals + bankroll.settled_profit;
  bankroll.updated_at = at;
  state.bankroll.mark();
};

/**
 * `bankroll`: deposits and withdrawals from the bankroll stream, and the settled profit of bets and
 * parlays, following the `bets` rows (./bets.ts). Balance = deposits - withdrawals + settled profit.
 */
export const bankrollProjection: ReadModel<'bankroll', OneRow<'bankroll'>, BankrollRow | null> = {
  name: 'bankroll',
  table: 'bankroll',
  initial: (userId) => new OneRow('bankroll', zeroRow('bankroll', { user_id: userId }), true),
  reads: {
    FundsAdded(state, { data }, at) {
      change(state, at, (b) => (b.deposits += toCents(data.amount)));
    },
    FundsWithdrawn(state, { data }, at) {
      change(state, at, (b) => (b.withdrawals += toCents(data.amount)));
    },
  },
  followsBets(state, { previous, next }, at) {
    const profit = (next ? toCents(next.profit) : 0) - (previous ? toCents(previous.profit) : 0);
    if (profit !== 0) change(state, at, (b) => (b.settled_profit += profit));
  },
  rowSet: (state) => state.bankroll,
  replay: (state, hasEvents) => (hasEvents ? state.bankroll.value() : null),
};
