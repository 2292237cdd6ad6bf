import type { ColumnType, Selectable } from 'kysely';
import type { GoalTimeframe, JournalType, Mood, Outcome, ParlayLeg, Sport, Streak } from '@bt/contracts';

/**
 * The read models (Postgres schema `read`), written only by the projector.
 *
 * Conventions:
 * - Money columns are `numeric` (dollars, rounded to cents); `platform/src/db.ts` parses them as JS numbers.
 * - `date` columns are 'YYYY-MM-DD' text (the bet's / goal's / entry's own day); instants are timestamptz (Date).
 * - `version` is the 0-based revision of the row's stream (`bet-{id}`, `parlay-{id}`, ...): the value
 *   PUT/DELETE send back as `If-Match`.
 * - A row exists only while the thing it describes does: removed bets, emptied days and sports are deleted.
 */

/** timestamptz: read as Date, written as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric (dollars): read as number, written as number or numeric text. */
export type Money = ColumnType<number, number | string, number | string>;
/** jsonb: read as the parsed value, written as JSON text. */
export type Json<T> = ColumnType<T, string, string>;

/** GET /api/auth/me. */
export interface UsersTable {
  id: string;
  email: string;
  username: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Bet history: single bets and parlays merged. A parlay row has kind 'parlay', sport 'parlay',
 * bet_type 'parlay', event = the parlay's name, odds = its total odds, leg_count = its number of legs.
 * Profit is computed (contracts' pricedBet / pricedParlay): win = stake x (decimal - 1), loss = -stake, push/pending = 0.
 */
export interface BetsTable {
  id: string;
  user_id: string;
  kind: 'bet' | 'parlay';
  sport: Sport | 'parlay';
  event: string;
  bet_type: string;
  /** American odds text, "+150" / "-110". */
  odds: string;
  stake: Money;
  profit: Money;
  outcome: Outcome;
  notes: string | null;
  date: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  parlay_id: string | null;
  is_part_of_parlay: boolean;
  leg_count: number | null;
  version: number;
}

export interface ParlaysTable {
  id: string;
  user_id: string;
  name: string;
  /** Rounded American form of decimal_odds, e.g. "+264" (pushed legs priced out). */
  total_odds: string;
  decimal_odds: number;
  stake: Money;
  potential_profit: Money;
  profit: Money;
  /** The outcome derived from the legs (parlayOutcome), falling back to chosen_outcome while legs are pending. */
  outcome: Outcome;
  /** The outcome last chosen by the user (ParlaySettled), 'pending' when never. */
  chosen_outcome: Outcome;
  notes: string | null;
  date: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  legs: Json<ParlayLeg[]>;
  version: number;
}

/** One row per user with any event. amount = deposits - withdrawals + settled_profit (bets and parlays). */
export interface BankrollTable {
  user_id: string;
  amount: Money;
  deposits: Money;
  withdrawals: Money;
  settled_profit: Money;
  /** Last change of any of the figures above; null when nothing changed them yet. */
  updated_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/**
 * All-time figures per user (bets and parlays together). winRate = wins / (wins + losses);
 * ROI = total_profit / settled_stake; settled = win, loss or push.
 */
export interface UserStatsTable {
  user_id: string;
  /** Single bets currently recorded. */
  bet_count: number;
  /** Parlays currently recorded. */
  parlay_count: number;
  wins: number;
  losses: number;
  pushes: number;
  pending: number;
  settled_stake: Money;
  total_profit: Money;
}

/**
 * Per user and bet date (the bet's own day): what was placed that day and how it settled.
 * A row exists while placed > 0. Sum a window of rows for "last 30 days", trends, goal windows;
 * a running sum of `profit` is the performance chart.
 */
export interface DailyTable {
  user_id: string;
  date: string;
  /** Bets and parlays dated this day. */
  placed: number;
  wins: number;
  losses: number;
  pushes: number;
  pending: number;
  settled_stake: Money;
  profit: Money;
}

/** Per user and sport (parlays as 'parlay'), all bets whatever their outcome. A row exists while count > 0. */
export interface SportDistributionTable {
  user_id: string;
  sport: Sport | 'parlay';
  count: number;
  stake: Money;
  profit: Money;
}

/**
 * Per user: streaks over settled bets and parlays in bet-date order (ties by creation); a push or a
 * pending bet neither extends nor breaks a streak. Shapes are contracts' `Streak` / `streakStats`.
 */
export interface StreaksTable {
  user_id: string;
  current_streak: Json<Streak | null>;
  longest_win_streak: Json<Streak | null>;
  longest_loss_streak: Json<Streak | null>;
  /** The most recent streaks, newest first (at most RECENT_STREAKS_LIMIT, the current one included). */
  recent_streaks: Json<Streak[]>;
  /** Every month with a streak starting in it, ascending: { month: 'YYYY-MM', winStreaks, lossStreaks }. */
  streaks_by_month: Json<{ month: string; winStreaks: number; lossStreaks: number }[]>;
}

/**
 * Goals with progress. current_amount = profit of the user's bets and parlays dated inside
 * [start_date, end_date]. `status` here does not depend on today: 'paused' when paused, else
 * 'completed' once current_amount >= target_amount, else 'active'; the reader turns an 'active'
 * goal whose end_date has passed into 'failed' (see contracts `goalProgress`).
 */
export interface GoalsTable {
  id: string;
  user_id: string;
  title: string;
  target_amount: Money;
  current_amount: Money;
  timeframe: GoalTimeframe;
  start_date: string;
  end_date: string;
  status: 'active' | 'completed' | 'paused';
  paused: boolean;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

export interface JournalEntriesTable {
  id: string;
  user_id: string;
  title: string;
  content: string;
  type: JournalType;
  mood: Mood;
  tags: Json<string[]>;
  date: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

/**
 * Which streams hold a user's events (user-, email-, bet-, parlay-, bankroll-, goal-, journal-),
 * kept after the thing is removed. An `email-` stream can also hold another user's events after
 * the address was released: filter its events by `data.userId`.
 */
export interface UserStreamsTable {
  user_id: string;
  stream_id: string;
}

/**
 * Users set aside: an event of theirs could not be projected (a bad value, a bug), so the projector
 * skips their events and moves on for everyone else. One row per user, the first failure; the
 * user's rows elsewhere stay as they were before it. A rebuild, or `npm run projections:retry`
 * after a fix, brings them back.
 */
export interface ProjectionFailuresTable {
  /** Text, not uuid: a user id that is not a UUID is one of the things that gets a user set aside. */
  user_id: string;
  stream_id: string;
  /** The event's revision in its stream (text: a bigint). */
  revision: string;
  /** The event's log position, "commit.prepare". */
  position: string;
  event_type: string;
  error: string;
  failed_at: Timestamp;
}

/** The projector's position in the global log. */
export interface CheckpointsTable {
  /** CHECKPOINT_NAME for the read models. */
  name: string;
  /** "commit.prepare", the X-Log-Position text; compare with contracts' compareLogPositions. */
  position: string;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  bets: BetsTable;
  parlays: ParlaysTable;
  bankroll: BankrollTable;
  user_stats: UserStatsTable;
  daily: DailyTable;
  sport_distribution: SportDistributionTable;
  streaks: StreaksTable;
  goals: GoalsTable;
  journal_entries: JournalEntriesTable;
  user_streams: UserStreamsTable;
  projection_failures: ProjectionFailuresTable;
  checkpoints: CheckpointsTable;
}

/** The live read models' schema; a rebuild fills SHADOW_SCHEMA and renames it to this. */
export const READ_SCHEMA = 'read';
export const SHADOW_SCHEMA = 'read_rebuild';
/** The `checkpoints` row of the read models. */
export const CHECKPOINT_NAME = 'read_models';
/** pg_notify channel; the payload is the new checkpoint position "commit.prepare". */
export const NOTIFY_CHANNEL = 'read_models';
/** NOTIFY channel: the set of users set aside (projection_failures) changed. */
export const FAILURES_CHANNEL = 'read_models_failures';
export const RECENT_STREAKS_LIMIT = 10;

export type UserRow = Selectable<UsersTable>;
export type BetHistoryRow = Selectable<BetsTable>;
export type ParlayRow = Selectable<ParlaysTable>;
export type BankrollRow = Selectable<BankrollTable>;
export type UserStatsRow = Selectable<UserStatsTable>;
export type DailyRow = Selectable<DailyTable>;
export type SportDistributionRow = Selectable<SportDistributionTable>;
export type StreaksRow = Selectable<StreaksTable>;
export type GoalRow = Selectable<GoalsTable>;
export type JournalEntryRow = Selectable<JournalEntriesTable>;
export type UserStreamRow = Selectable<UserStreamsTable>;
export type CheckpointRow = Selectable<CheckpointsTable>;
export type ProjectionFailureRow = Selectable<ProjectionFailuresTable>;
