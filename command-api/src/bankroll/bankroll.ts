import { toCents, type EventOf } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type BankrollEvent = EventOf<'FundsAdded' | 'FundsWithdrawn'>;

/** Money the user moved in and out, in cents. Settled profit is the bets' business (read side). */
export interface Bankroll {
  depositCents: number;
  withdrawalCents: number;
}

export const evolve = (state: Bankroll, event: Recorded<BankrollEvent>): Bankroll => {
  switch (event.type) {
    case 'FundsAdded':
      return { ...state, depositCents: state.depositCents + toCents(event.data.amount) };
    case 'FundsWithdrawn':
      return { ...state, withdrawalCents: state.withdrawalCents + toCents(event.data.amount) };
    default:
      return ignoreUnknown(state, event);
  }
};

/** `bankroll-{userId}`: deposits and withdrawals. */
export const bankroll: Aggregate<Bankroll, BankrollEvent> = { initialState: () => ({ depositCents: 0, withdrawalCents: 0 }), evolve };
