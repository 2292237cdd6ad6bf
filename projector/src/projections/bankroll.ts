import { toCents } from '@bt/contracts';
import type { Projection } from './state';

/**
 * `bankroll`: deposits and withdrawals from the bankroll stream; the settled profit of bets and
 * parlays is kept in step by `replaceHistoryRow`. Balance = deposits - withdrawals + settled profit.
 */
export const bankrollProjection: Projection = {
  name: 'bankroll',
  handlers: {
    FundsAdded(state, { data }, at) {
      state.bankroll.depositsCents += toCents(data.amount);
      state.bankroll.updatedAt = at;
      state.dirty.bankroll = true;
    },
    FundsWithdrawn(state, { data }, at) {
      state.bankroll.withdrawalsCents += toCents(data.amount);
      state.bankroll.updatedAt = at;
      state.dirty.bankroll = true;
    },
  },
};
