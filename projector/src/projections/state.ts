import type { RecordedEvent } from '@bt/event-store/port';
import type { EventOf, EventType } from '@bt/contracts';
import type {
  BetHistoryRow, GoalRow, JournalEntryRow, ParlayRow, StreaksRow, UserRow,
} from '../db/schema';

/**
 * Everything the read models hold about one user, as the projection folds it. Rows are kept in
 * their table shape; aggregates are integer cents so sums stay exact however they are reached
 * (folded from the log, or loaded from the tables and continued).
 */
export interface UserState {
  userId: string;
  user: UserRow | null;
  /** The `bets` table rows: single bets and parlays (kind 'parlay'). */
  history: Map<string, BetHistoryRow>;
  parlays: Map<string, ParlayRow>;
  stats: StatsTally;
  bankroll: BankrollTally;
  /** By bet date. */
  days: Map<string, DayTally>;
  /** By sport ('parlay' for parlays). */
  sports: Map<string, SportTally>;
  streaks: Omit<StreaksRow, 'user_id'>;
  goals: Map<string, GoalRow>;
  journal: Map<string, JournalEntryRow>;
  dirty: Dirty;
  /** Keys of the rows the tables hold for this user (as loaded, plus what flushes wrote since). */
  persisted: Persisted;
}

/**
 * Which of the user's rows exist in the tables: a new row is a plain insert, a changed one an
 * upsert, and a row removed before it was ever written needs no delete.
 */
export interface Persisted {
  /** users row. */
  user: boolean;
  /** The one-per-user rows: user_stats, bankroll, streaks. */
  aggregates: boolean;
  history: Set<string>;
  parlays: Set<string>;
  days: Set<string>;
  sports: Set<string>;
  goals: Set<string>;
  journal: Set<string>;
}

export const emptyPersisted = (): Persisted => ({
  user: false,
  aggregates: false,
  history: new Set(),
  parlays: new Set(),
  days: new Set(),
  sports: new Set(),
  goals: new Set(),
  journal: new Set(),
});

/** Outcomes and money of a set of bets and parlays: a user's whole record, or one day's. */
interface OutcomeTally {
  wins: number;
  losses: number;
  pushes: number;
  pending: number;
  settledStakeCents: number;
  profitCents: number;
}

export interface StatsTally extends OutcomeTally {
  betCount: number;
  parlayCount: number;
}

export interface DayTally extends OutcomeTally {
  placed: number;
}

export interface SportTally {
  count: number;
  stakeCents: number;
  profitCents: number;
}

export interface BankrollTally {
  depositsCents: number;
  withdrawalsCents: number;
  settledProfitCents: number;
  updatedAt: Date | null;
}

/** Keys of rows changed since the last flush, and derived figures that need recomputing. */
export interface Dirty {
  user: boolean;
  history: Set<string>;
  parlays: Set<string>;
  stats: boolean;
  bankroll: boolean;
  days: Set<string>;
  sports: Set<string>;
  streaks: boolean;
  goals: Set<string>;
  journal: Set<string>;
  /** Streams to index in user_streams (in a replay, where nothing is flushed: all of the user's). */
  streams: Set<string>;
  /** A win or loss was added, removed or moved: streaks are recomputed when the batch settles. */
  streaksStale: boolean;
  /** Profit moved between days, or a goal changed: goal amounts are recomputed when the batch settles. */
  goalsStale: boolean;
}

/** A stored event as the projections read it: typed data, the store's envelope. */
export type ProjectedEvent<T extends EventType = EventType> = Omit<RecordedEvent, 'type' | 'data'> & EventOf<T>;

/** Event type -> how it changes a user's state. `at` is when it happened (metadata.occurredAt). */
export type Handlers = { [T in EventType]?: (state: UserState, event: ProjectedEvent<T>, at: Date) => void };

/** A read model's projection: the event types it handles and how. */
export interface Projection {
  name: string;
  handlers: Handlers;
}

export const emptyStreaks = (): Omit<StreaksRow, 'user_id'> => ({
  current_streak: null,
  longest_win_streak: null,
  longest_loss_streak: null,
  recent_streaks: [],
  streaks_by_month: [],
});

export const emptyDirty = (): Dirty => ({
  user: false,
  history: new Set(),
  parlays: new Set(),
  stats: false,
  bankroll: false,
  days: new Set(),
  sports: new Set(),
  streaks: false,
  goals: new Set(),
  journal: new Set(),
  streams: new Set(),
  streaksStale: false,
  goalsStale: false,
});

/**
 * A user nobody has projected yet. Their one-per-user rows (user_stats, bankroll, streaks) are
 * marked dirty, so the first flush creates them.
 */
export const newUserState = (userId: string): UserState => {
  const dirty = emptyDirty();
  dirty.stats = dirty.bankroll = dirty.streaks = true;
  return {
    userId,
    user: null,
    history: new Map(),
    parlays: new Map(),
    stats: { betCount: 0, parlayCount: 0, wins: 0, losses: 0, pushes: 0, pending: 0, settledStakeCents: 0, profitCents: 0 },
    bankroll: { depositsCents: 0, withdrawalsCents: 0, settledProfitCents: 0, updatedAt: null },
    days: new Map(),
    sports: new Map(),
    streaks: emptyStreaks(),
    goals: new Map(),
    journal: new Map(),
    dirty,
    persisted: emptyPersisted(),
  };
};

/** The user an event belongs to (every event's data carries `userId`); undefined for foreign events. */
export const userOf = (event: RecordedEvent): string | undefined => {
  const data = event.data as { userId?: unknown } | null;
  return data && typeof data.userId === 'string' ? data.userId : undefined;
};

/** When the event happened: metadata.occurredAt (the command's time), else when it was recorded. */
export const occurredAt = (event: RecordedEvent): Date => {
  const at = event.metadata?.occurredAt;
  const date = new Date(typeof at === 'string' ? at : event.recordedAt);
  return Number.isNaN(date.getTime()) ? new Date(event.recordedAt) : date;
};

const interned = new Map<string, string>();
/**
 * One shared copy of a short repeated value (a date, a sport, an outcome, odds): every event
 * brings its own copy, and a rebuild keeps hundreds of thousands of rows in memory.
 */
export const intern = (value: string): string => {
  const known = interned.get(value);
  if (known !== undefined) return known;
  if (interned.size >= 100_000) interned.clear();
  interned.set(value, value);
  return value;
};

