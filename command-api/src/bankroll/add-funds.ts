import type { Command } from '../shared/command';
import type { Bankroll, BankrollEvent } from './bankroll';

/** A deposit (> 0, validated by the body schema). Deposits commute: the state does not matter. */
export type AddFunds = Command<'AddFunds', { amount: number; note: string | null }>;

export const addFunds = (command: AddFunds, _state: Bankroll): BankrollEvent[] => [
  { type: 'FundsAdded', data: { userId: command.metadata.userId, amount: command.data.amount, note: command.data.note } },
];
