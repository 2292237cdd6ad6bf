import { toCents, type BankrollEntry, type EventOf } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type BankrollEvent = EventOf<'FundsAdded' | 'FundsWithdrawn' | 'BankrollAdjusted' | 'BankrollEntryUndone'>;

/** A ledger entry as the aggregate keeps it: its signed change in cents. */
export interface Entry {
  revision: number;
  kind: BankrollEntry['kind'];
  cents: number;
  countedBalance: number | null;
  note: string | null;
  at: string;
  undone: boolean;
}

/**
 * Money the user moved in and out and the corrections to a counted balance, in cents, undone
 * entries left out. Settled profit is the bets' business (read side). `revisions`: events folded
 * (the bankroll stream holds no import's events, so each one's revision is its place in the fold).
 */
export interface Bankroll {
  depositCents: number;
  withdrawalCents: number;
  adjustmentCents: number;
  entries: Entry[];
  revisions: number;
}

const SUM_OF: Record<Entry['kind'], 'depositCents' | 'withdrawalCents' | 'adjustmentCents'> = {
  deposit: 'depositCents',
  withdrawal: 'withdrawalCents',
  adjustment: 'adjustmentCents',
};

const entered = (state: Bankroll, entry: Omit<Entry, 'revision' | 'undone' | 'at'>, at: string): Bankroll => {
  const sum = SUM_OF[entry.kind];
  // Withdrawals are summed as positive amounts (the entry's change is negative).
  const moved = entry.kind === 'withdrawal' ? -entry.cents : entry.cents;
  return {
    ...state,
    [sum]: state[sum] + moved,
    entries: [...state.entries, { ...entry, revision: state.revisions, at, undone: false }],
    revisions: state.revisions + 1,
  };
};

export const evolve = (state: Bankroll, event: Recorded<BankrollEvent>): Bankroll => {
  switch (event.type) {
    case 'FundsAdded':
      return entered(
        state,
        { kind: 'deposit', cents: toCents(event.data.amount), countedBalance: null, note: event.data.note ?? null },
        event.occurredAt,
      );
    case 'FundsWithdrawn':
      return entered(
        state,
        { kind: 'withdrawal', cents: -toCents(event.data.amount), countedBalance: null, note: event.data.note ?? null },
        event.occurredAt,
      );
    case 'BankrollAdjusted':
      return entered(
        state,
        { kind: 'adjustment', cents: toCents(event.data.difference), countedBalance: event.data.countedBalance, note: event.data.note },
        event.occurredAt,
      );
    case 'BankrollEntryUndone': {
      const entry = state.entries.find((e) => e.revision === event.data.entryRevision && !e.undone);
      const next = { ...state, revisions: state.revisions + 1 };
      if (!entry) return next;
      const sum = SUM_OF[entry.kind];
      return {
        ...next,
        [sum]: state[sum] - (entry.kind === 'withdrawal' ? -entry.cents : entry.cents),
        entries: state.entries.map((e) => (e === entry ? { ...e, undone: true } : e)),
      };
    }
    default:
      return ignoreUnknown(state, event);
  }
};

/** The balance in cents from this stream and the settled profit (read side; undefined counts as none). */
export const balanceCents = (state: Bankroll, settledProfit: number | undefined): number =>
  state.depositCents - state.withdrawalCents + state.adjustmentCents + toCents(settledProfit ?? 0);

/** `bankroll-{userId}`: deposits, withdrawals, adjustments and undos. */
export const bankroll: Aggregate<Bankroll, BankrollEvent> = {
  initialState: () => ({ depositCents: 0, withdrawalCents: 0, adjustmentCents: 0, entries: [], revisions: 0 }),
  evolve,
};
