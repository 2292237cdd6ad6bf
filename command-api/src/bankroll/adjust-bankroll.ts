import { fromCents, toCents } from '@bt/contracts';
import type { Command } from '../shared/command';
import { balanceCents, type Bankroll, type BankrollEvent } from './bankroll';

/**
 * "My counted balance is X": records the difference from the balance as it stands (this stream +
 * settled profit from the read model, passed in; none counts as 0). Nothing when they agree.
 */
export type AdjustBankroll = Command<'AdjustBankroll', { countedBalance: number; note: string | null; settledProfit: number | undefined }>;

export const adjustBankroll = (command: AdjustBankroll, state: Bankroll): BankrollEvent[] => {
  const { countedBalance, note, settledProfit } = command.data;
  const differenceCents = toCents(countedBalance) - balanceCents(state, settledProfit);
  if (differenceCents === 0) return [];
  return [
    { type: 'BankrollAdjusted', data: { userId: command.metadata.userId, countedBalance, difference: fromCents(differenceCents), note } },
  ];
};
