import type { RecordedEvent } from '@bt/event-store';
import type { EventOf, EventType } from '@bt/contracts';
import type { BetHistoryRow } from '../database';
import type { RemovedRows } from '../models/removed-rows/projection';
import type { KeyedRows, OneRow } from './row-sets';
import type { StreakRuns } from '../models/streaks/streak-runs';

/**
 * Everything the read models hold about one user, as the projection folds it: one part per read
 * model (see ./index.ts for which file projects each). Running sums (bankroll, user_stats, daily,
 * sport_distribution) hold money in integer cents, so sums stay exact however they are reached
 * (folded from the log, or loaded from the tables and continued).
 */
export interface UserState {
  userId: string;
  user: OneRow<'users'>;
  /** The `bets` table: single bets and parlays (kind 'parlay'), by id. */
  bets: KeyedRows<'bets'>;
  /** `bets` rows changed by the event being folded, for the read models that follow them. */
  betChanges: BetRowChange[];
  parlays: KeyedRows<'parlays'>;
  bankroll: OneRow<'bankroll'>;
  /** The bankroll ledger, by revision (as text). */
  bankrollEntries: KeyedRows<'bankroll_entries'>;
  userStats: OneRow<'user_stats'>;
  /** By bet date. */
  daily: KeyedRows<'daily'>;
  /** By sport ('parlay' for parlays). */
  sportDistribution: KeyedRows<'sport_distribution'>;
  streaks: OneRow<'streaks'>;
  goals: KeyedRows<'goals'>;
  journalEntries: KeyedRows<'journal_entries'>;
  /** Streams noted since the last take (in a replay, where nothing is taken: all of the user's). */
  userStreams: Set<string>;
  /** `user_settings`: null until the user sets a preference. */
  settings: OneRow<'user_settings'>;
  /** By dimension, date and group key (compositeKey). */
  analyticsDaily: KeyedRows<'analytics_daily'>;
  /** By dimension, month and group key (compositeKey). */
  analyticsMonthly: KeyedRows<'analytics_monthly'>;
  /** By dimension and group key (compositeKey). */
  analyticsTotals: KeyedRows<'analytics_totals'>;
  /** Removed bets, parlays, goals and journal entries with their rows, by id (a restore puts them back). */
  removedRows: RemovedRows;
  /** `public_profiles`: null until the user sets a public profile. */
  publicProfile: OneRow<'public_profiles'>;
  /*
   * Derived from the rows above, kept so a change touches only what it affects; never written nor
   * loaded: absent (a fresh or loaded state, a copy), each is built from the rows when first needed.
   */
  /** The streaks, kept per `bets` row change (./streaks.ts). */
  streakRuns?: StreakRuns;
  /** Each goal's profit so far in cents, by goal id, kept per `bets` row change (./goals.ts); a goal missing here is summed from `daily`. */
  goalCents?: Map<string, number>;
}

/**
 * How many rows a user's state holds: what its memory grows with (about 0.5 to 1 KB a row on the
 * heap, with what is derived from them), the measure of the projector's cache (PROJECTOR_CACHED_ROWS).
 */
export const heldRows = (state: UserState): number =>
  state.bets.size +
  state.parlays.size +
  state.daily.size +
  state.sportDistribution.size +
  state.goals.size +
  state.journalEntries.size +
  state.analyticsDaily.size +
  state.analyticsMonthly.size +
  state.analyticsTotals.size +
  state.removedRows.size +
  state.bankrollEntries.size;

/** One `bets` row put, replaced or removed: undefined before means new, undefined after means removed. */
export interface BetRowChange {
  previous: BetHistoryRow | undefined;
  next: BetHistoryRow | undefined;
}

/** A stored event as the projections read it: typed data, the store's envelope. */
export type ProjectedEvent<T extends EventType = EventType> = Omit<RecordedEvent, 'type' | 'data'> & EventOf<T>;

/** Event type -> how it changes a user's state. `at` is when it happened (metadata.occurredAt). */
export type Handlers = { [T in EventType]?: (state: UserState, event: ProjectedEvent<T>, at: Date) => void };

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
  // Stryker disable next-line all: equivalent: interning only saves memory; a value equals itself either way
  if (known !== undefined) return known;
  // Stryker disable next-line all: equivalent: interning only saves memory; a value equals itself either way
  if (interned.size >= 100_000) interned.clear();
  interned.set(value, value);
  return value;
};
