import { MESSAGES } from '@bt/contracts';
import { deciderSpec, meta, USER } from '../testing/decider-spec';
import { addFunds } from './add-funds';
import { bankroll } from './bankroll';
import { withdrawFunds } from './withdraw-funds';

const added = (amount: number) => ({ type: 'FundsAdded' as const, data: { userId: USER, amount } });
const withdrawn = (amount: number) => ({ type: 'FundsWithdrawn' as const, data: { userId: USER, amount } });
const withdraw = (amount: number, settledProfit: number | undefined) => ({
  type: 'WithdrawFunds' as const,
  data: { amount, settledProfit },
  metadata: meta(),
});

describe('bankroll', () => {
  it('adds a deposit whatever the bankroll holds', () =>
    deciderSpec(bankroll, addFunds)
      .given([added(10)])
      .when({ type: 'AddFunds', data: { amount: 25.5 }, metadata: meta() })
      .then([added(25.5)]));

  describe('withdrawing', () => {
    const spec = deciderSpec(bankroll, withdrawFunds);
    it('allows up to deposits - withdrawals + settled profit', () =>
      spec
        .given([added(100), withdrawn(30)])
        .when(withdraw(90, 20))
        .then([withdrawn(90)]));
    it('refuses more than the balance', () =>
      spec
        .given([added(100), withdrawn(30)])
        .when(withdraw(90.01, 20))
        .thenThrows(400, MESSAGES.insufficientFunds));
    it('counts losses against the balance', () =>
      spec
        .given([added(100)])
        .when(withdraw(60, -50))
        .thenThrows(400, MESSAGES.insufficientFunds));
    it('does not check the balance when there is no read model to ask', () =>
      spec
        .given([])
        .when(withdraw(10, undefined))
        .then([withdrawn(10)]));
  });
});
