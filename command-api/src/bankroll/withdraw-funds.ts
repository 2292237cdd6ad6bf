import { MESSAGES, toCents } from '@bt/contracts';
import { ValidationError } from '@bt/platform';
import type { Command } from '../shared/command';
import { balanceCents, type Bankroll, type BankrollEvent } from './bankroll';

/**
 * A withdrawal (> 0). Refused when larger than the balance: deposits - withdrawals + adjustments (this stream)
 * + settled profit (from the read model, passed in; undefined when there is none to ask, and then
 * the balance is not checked).
 */
export type WithdrawFunds = Command<'WithdrawFunds', { amount: number; note: string | null; settledProfit: number | undefined }>;

export const withdrawFunds = (command: WithdrawFunds, state: Bankroll): BankrollEvent[] => {
  const { amount, note, settledProfit } = command.data;
  if (settledProfit !== undefined && toCents(amount) > balanceCents(state, settledProfit)) {
    throw new ValidationError(MESSAGES.insufficientFunds);
  }
  return [{ type: 'FundsWithdrawn', data: { userId: command.metadata.userId, amount, note } }];
};
