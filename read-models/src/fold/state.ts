import type { RecordedEvent } from '@bt/event-store';
import type { EventOf, EventType } from '@bt/contracts';
import type { BetHistoryRow } from '../database';
import type { Listed } from './fold';
import type { ReadModelParts } from './read-model';
import { KeyedRows } from './row-sets';
import type { StreakRuns } from '../models/streaks/streak-runs';

/**
 * What a user's state holds besides the read models' rows: declared once here. Every read model
 * adds its own part, by its name (ReadModel.initial: see UserState).
 */
export interface StateBase {
  userId: string;
  /** `bets` rows changed by the event being folded, for the read models that follow them. */
  betChanges: BetRowChange[];
  /*
   * Derived from the rows, kept so a change touches only what it affects; never written nor
   * loaded: absent (a fresh or loaded state, a copy), each is built from the rows when first needed.
   */
  /** The streaks, kept per `bets` row change (models/streaks/). */
  streakRuns?: StreakRuns;
  /** Each goal's profit so far in cents, by goal id, kept per `bets` row change (models/goals/); a goal missing here is summed from `daily`. */
  goalCents?: Map<string, number>;
}

/**
 * Everything the read models hold about one user, as the projection folds it: StateBase and one
 * part per read model of the list in ./fold.ts, named and typed by the model (its `initial`). Running
 * sums (bankroll, user_stats, daily, sport_distribution) hold money in integer cents, so sums stay
 * exact however they are reached (folded from the log, or loaded from the tables and continued).
 */
// An interface, not a type alias: the models' types name it, so it must be resolvable lazily.
export interface UserState extends StateBase, ReadModelParts<Listed> {}

/**
 * How many rows a user's state holds: what its memory grows with (about 0.5 to 1 KB a row on the
 * heap, with what is derived from them), the measure of the projector's cache (PROJECTOR_CACHED_ROWS).
 * The rows of the read models of many rows per user; the one-per-user rows count for nothing.
 */
export const heldRows = (state: UserState): number => {
  let rows = 0;
  for (const part of Object.values(state)) if (part instanceof KeyedRows) rows += part.size;
  return rows;
};

/** One `bets` row put, replaced or removed: undefined before means new, undefined after means removed. */
export interface BetRowChange {
  previous: BetHistoryRow | undefined;
  next: BetHistoryRow | undefined;
}

/** A stored event as the projections read it: typed data, the store's envelope. */
export type ProjectedEvent<T extends EventType = EventType> = Omit<RecordedEvent, 'type' | 'data'> & EventOf<T>;

/** Event type -> how it changes a user's state. `at` is when it happened (metadata.occurredAt). */
export type Handlers<S = UserState> = { [T in EventType]?: (state: S, event: ProjectedEvent<T>, at: Date) => void };

/** The user an event belongs to (every event's data carries `userId`); undefined for foreign events. */
export const userOf = (event: RecordedEvent): string | undefined => {
  const data = event.data as { userId?: unknown } | null;
  return data && typeof data.userId === 'string' ? data.userId : undefined;
};

/** The last text parsed as a time, and its ms: an append's events share their occurredAt (an import's thousands). */
let parsedText: string | undefined;
let parsedMs = Number.NaN;
const timeOf = (text: string): number => {
  if (text !== parsedText) {
    parsedMs = new Date(text).getTime();
    parsedText = text;
  }
  return parsedMs;
};

/** When the event happened (ms; NaN for neither a time): metadata.occurredAt (the command's time), else when it was recorded. */
export const occurredAtMs = (event: RecordedEvent): number => {
  const at = event.metadata?.occurredAt;
  const ms = timeOf(typeof at === 'string' ? at : event.recordedAt);
  return Number.isNaN(ms) ? timeOf(event.recordedAt) : ms;
};

/** When the event happened: metadata.occurredAt (the command's time), else when it was recorded. */
export const occurredAt = (event: RecordedEvent): Date => new Date(occurredAtMs(event));

/** When the event was recorded, as `new Date(event.recordedAt)` (its text parsed once for consecutive events recorded together). */
export const recordedAt = (event: { recordedAt: string }): Date => new Date(timeOf(event.recordedAt));

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
