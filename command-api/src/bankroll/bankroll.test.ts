import { MESSAGES } from '@bt/contracts';
import { deciderSpec, meta, USER } from '../testing/decider-spec';
import { addFunds } from './add-funds';
import { adjustBankroll } from './adjust-bankroll';
import { bankroll } from './bankroll';
import { undoBankrollEntry } from './undo-entry';
import { withdrawFunds } from './withdraw-funds';

const added = (amount: number) => ({ type: 'FundsAdded' as const, data: { userId: USER, amount, note: null } });
const withdrawn = (amount: number) => ({ type: 'FundsWithdrawn' as const, data: { userId: USER, amount, note: null } });
const adjusted = (countedBalance: number, difference: number) => ({
  type: 'BankrollAdjusted' as const,
  data: { userId: USER, countedBalance, difference, note: null },
});
const undone = (entryRevision: number) => ({ type: 'BankrollEntryUndone' as const, data: { userId: USER, entryRevision } });
const adjust = (countedBalance: number, settledProfit: number | undefined) => ({
  type: 'AdjustBankroll' as const,
  data: { countedBalance, note: null, settledProfit },
  metadata: meta(),
});
const undo = { type: 'UndoBankrollEntry' as const, data: {}, metadata: meta() };
const withdraw = (amount: number, settledProfit: number | undefined) => ({
  type: 'WithdrawFunds' as const,
  data: { amount, note: null, settledProfit },
  metadata: meta(),
});

describe('bankroll', () => {
  it('adds a deposit whatever the bankroll holds', () =>
    deciderSpec(bankroll, addFunds)
      .given([added(10)])
      .when({ type: 'AddFunds', data: { amount: 25.5, note: null }, metadata: meta() })
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

  describe('adjusting to a counted balance', () => {
    const spec = deciderSpec(bankroll, adjustBankroll);
    it('records the difference from deposits - withdrawals + adjustments + settled profit', () =>
      spec
        .given([added(100), withdrawn(30), adjusted(80, 10)])
        .when(adjust(75.25, 5))
        .then([adjusted(75.25, -9.75)]));
    it('records nothing when the count agrees', () =>
      spec
        .given([added(100)])
        .when(adjust(120, 20))
        .thenNothing());
    it('leaves undone entries out of the balance', () =>
      spec
        .given([added(100), added(50), undone(1)])
        .when(adjust(100, undefined))
        .thenNothing());
  });

  describe('undoing the last entry', () => {
    const spec = deciderSpec(bankroll, undoBankrollEntry);
    it('undoes the newest entry that counts', () =>
      spec
        .given([added(100), withdrawn(30)])
        .when(undo)
        .then([undone(1)]));
    it('reaches the entry before after an undo', () =>
      spec
        .given([added(100), withdrawn(30), undone(1)])
        .when(undo)
        .then([undone(0)]));
    it('refuses when nothing is left to undo', () =>
      spec
        .given([added(100), undone(0)])
        .when(undo)
        .thenThrows(400, MESSAGES.nothingToUndo));
  });

  it('counts adjustments and undos in the withdrawal check', () =>
    deciderSpec(bankroll, withdrawFunds)
      .given([added(100), adjusted(50, -50), added(500), undone(2)])
      .when(withdraw(50.01, 0))
      .thenThrows(400, MESSAGES.insufficientFunds));
});
