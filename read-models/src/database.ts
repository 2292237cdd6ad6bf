import type { Selectable } from 'kysely';
import type { GoalTimeframe, JournalType, Mood, OddsFormat, Outcome, ParlayLeg, Sport, Streak } from '@bt/contracts';
import { col, table, type TableType } from './columns';

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

export type { Json, Money, Timestamp } from './columns';

/** GET /api/auth/me. */
const users = table({
  owner: 'id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    email: col.text(),
    username: col.text().orNull(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
});

/**
 * Bet history: single bets and parlays merged. A parlay row has kind 'parlay', sport 'parlay',
 * bet_type 'parlay', event = the parlay's name, odds = its total odds, leg_count = its number of legs,
 * league null. Profit, decimal price, clv, stake at risk and units are computed (contracts'
 * pricedBet / pricedParlay), never by the projector itself.
 */
const bets = table({
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    kind: col.text<'bet' | 'parlay'>(),
    sport: col.text<Sport | 'parlay'>(),
    event: col.text(),
    bet_type: col.text(),
    /**
     * A bet's odds as stored (any format, as typed: "+150", "2.50", "3/2"; answers show the canonical
     * American text); a parlay row's total odds ("+264").
     */
    odds: col.text(),
    stake: col.money(),
    profit: col.money(),
    outcome: col.text<Outcome>(),
    notes: col.text().orNull(),
    date: col.date(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    parlay_id: col.uuid().orNull(),
    is_part_of_parlay: col.boolean(),
    leg_count: col.integer().orNull(),
    version: col.integer(),
    book: col.text().orNull(),
    league: col.text().orNull(),
    tags: col.jsonb<string[]>(),
    /** The exact price as a decimal, to 4 places. */
    decimal_odds: col.double(),
    /** A bet's closing odds as stored (any format); a parlay row's close (canonical American); null without one. */
    closing_odds: col.text().orNull(),
    /** Closing-line value in percent (two decimals); null without closing odds. */
    clv: col.double().orNull(),
    bonus_bet: col.boolean(),
    /** What a cash-out returned; null unless the outcome is 'cashout'. */
    cash_out_amount: col.money().orNull(),
    /** The unit size in effect when it was placed (never amended); null when none was set. */
    unit_size: col.money().orNull(),
    units: col.double().orNull(),
    profit_units: col.double().orNull(),
    /** The bettor's own money the row put at risk: ROI's denominator (0 for pending, void and bonus bets). */
    stake_at_risk: col.money(),
  },
});

const parlays = table({
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    name: col.text(),
    /** Rounded American form of decimal_odds, e.g. "+264" (pushed legs priced out). */
    total_odds: col.text(),
    decimal_odds: col.double(),
    stake: col.money(),
    potential_profit: col.money(),
    profit: col.money(),
    /** The outcome derived from the legs (parlayOutcome), falling back to chosen_outcome while legs are pending. */
    outcome: col.text<Outcome>(),
    /** The outcome last chosen by the user (ParlaySettled), 'pending' when never. */
    chosen_outcome: col.text<Outcome>(),
    notes: col.text().orNull(),
    /** The bettor's chosen day, else the latest leg's (date_set false: it follows the legs). */
    date: col.date(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    legs: col.jsonb<ParlayLeg[]>(),
    version: col.integer(),
    /** False while `date` is the latest leg's (it follows the legs); true once the bettor chose it. */
    date_set: col.boolean(),
    book: col.text().orNull(),
    tags: col.jsonb<string[]>(),
    /** The product of the legs' closes (canonical American) when every leg has one; else null. */
    closing_odds: col.text().orNull(),
    clv: col.double().orNull(),
    bonus_bet: col.boolean(),
    /** What a cash-out returned; null unless the outcome is 'cashout'. */
    cash_out_amount: col.money().orNull(),
    unit_size: col.money().orNull(),
    units: col.double().orNull(),
    profit_units: col.double().orNull(),
    stake_at_risk: col.money(),
    /** An imported parlay's own total odds (its legs carry no prices; any format, as stored); null: priced from its legs. */
    imported_total_odds: col.text().orNull(),
  },
});

/** One row per user with any event. amount = deposits - withdrawals + settled_profit (bets and parlays). */
const bankroll = table({
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    amount: col.money(),
    deposits: col.money(),
    withdrawals: col.money(),
    settled_profit: col.money(),
    /** Last change of any of the figures above; null when nothing changed them yet. */
    updated_at: col.timestamptz().orNull(),
  },
});

/**
 * All-time figures per user (bets and parlays together). winRate = wins / (wins + losses);
 * ROI = total_profit / settled_stake, where settled_stake sums the rows' stake_at_risk (pending,
 * void and bonus stakes left out). The sums behind averageOdds, unitsWon, averageClv and
 * beatCloseRate are kept exact: profit_units_sum and clv_sum are two-decimal figures held like
 * money (numeric), decimal_odds_sum_e4 is the sum of the 4-place decimal prices in ten-thousandths.
 */
const user_stats = table({
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    /** Single bets currently recorded. */
    bet_count: col.integer(),
    /** Parlays currently recorded. */
    parlay_count: col.integer(),
    wins: col.integer(),
    losses: col.integer(),
    pushes: col.integer(),
    pending: col.integer(),
    settled_stake: col.money(),
    total_profit: col.money(),
    voids: col.integer(),
    cashouts: col.integer(),
    /** Rows counted in decimal_odds_sum_e4 (every bet and parlay). */
    odds_count: col.integer(),
    /** Sum of the rows' decimal_odds x 10,000 (a whole number, so it stays exact). */
    decimal_odds_sum_e4: col.double(),
    /** Rows placed with a unit size, and the sum of their profit_units. */
    units_count: col.integer(),
    profit_units_sum: col.money(),
    /** Rows with a clv, the sum of their clv, and how many of them beat the close (clv > 0). */
    clv_count: col.integer(),
    clv_sum: col.money(),
    clv_beats: col.integer(),
  },
});

/**
 * Per user and bet date (the bet's own day): what was placed that day and how it settled.
 * A row exists while placed > 0. Sum a window of rows for "last 30 days", trends, goal windows;
 * a running sum of `profit` is the performance chart.
 */
const daily = table({
  owner: 'user_id',
  key: ['user_id', 'date'],
  columns: {
    user_id: col.uuid(),
    date: col.date(),
    /** Bets and parlays dated this day. */
    placed: col.integer(),
    wins: col.integer(),
    losses: col.integer(),
    pushes: col.integer(),
    pending: col.integer(),
    /** The stake at risk of the day's rows (pending, void and bonus stakes left out): the periods' ROI denominator. */
    settled_stake: col.money(),
    profit: col.money(),
  },
});

/**
 * Per user and sport (parlays as 'parlay'), all bets whatever their outcome. A row exists while
 * count > 0. `stake` is staked money: bonus stakes are left out (DESIGN "Bonus bets").
 */
const sport_distribution = table({
  owner: 'user_id',
  key: ['user_id', 'sport'],
  columns: {
    user_id: col.uuid(),
    sport: col.text<Sport | 'parlay'>(),
    count: col.integer(),
    stake: col.money(),
    profit: col.money(),
  },
});

/** The figures an analytics group sums (analytics_daily and analytics_totals): counts, and sums held exact like user_stats'. */
const analyticsFigures = {
  /** Bets and parlays in the group (a parlay once). */
  bets: col.integer(),
  wins: col.integer(),
  losses: col.integer(),
  pushes: col.integer(),
  pending: col.integer(),
  voids: col.integer(),
  cashouts: col.integer(),
  /** Sum of the rows' stake_at_risk (pending, void and bonus stakes are 0): ROI's denominator. */
  staked: col.money(),
  profit: col.money(),
  /** Rows placed with a unit size, and the sum of their profit_units (two decimals, held like money). */
  units_count: col.integer(),
  units_sum: col.money(),
  /** Rows counted in decimal_odds_sum_e4 (all), and the sum of their decimal prices x 10,000. */
  odds_count: col.integer(),
  decimal_odds_sum_e4: col.double(),
  /** Rows with a clv, and the sum of their clv (two decimals, held like money). */
  clv_count: col.integer(),
  clv_sum: col.money(),
};

/**
 * GET /api/analytics, per user, breakdown dimension, group key and bet date (the bet's own day):
 * the figures of the bets and parlays of that group dated that day. A row exists while bets > 0.
 * Keys per dimension (projections/analytics.ts): sport ('parlay' for parlays), league ('(no
 * league)', parlays 'parlay'), book ('(no book)'), betType ('parlay' for parlays), tag (once per
 * tag; '(no tag)'), oddsRange (ODDS_RANGES), weekday (WEEKDAYS), stakeSize (UNIT_STAKE_SIZES, for
 * rows placed with a unit size) and `stake` (rows without one: the stake in dollars, e.g. '25.5';
 * the reader buckets them by quartile of the user's stakes).
 */
const analytics_daily = table({
  owner: 'user_id',
  key: ['user_id', 'dimension', 'date', 'key'],
  columns: {
    user_id: col.uuid(),
    dimension: col.text(),
    key: col.text(),
    date: col.date(),
    ...analyticsFigures,
  },
});

/** The same figures per calendar month of the bet date ('YYYY-MM'): a period's whole months are read from these. */
const analytics_monthly = table({
  owner: 'user_id',
  key: ['user_id', 'dimension', 'month', 'key'],
  columns: {
    user_id: col.uuid(),
    dimension: col.text(),
    key: col.text(),
    month: col.text(),
    ...analyticsFigures,
  },
});

/** The same figures over all of the user's dates (period 'all' reads these: a handful of rows however long the history). */
const analytics_totals = table({
  owner: 'user_id',
  key: ['user_id', 'dimension', 'key'],
  columns: {
    user_id: col.uuid(),
    dimension: col.text(),
    key: col.text(),
    ...analyticsFigures,
  },
});

/**
 * Per user: streaks over settled bets and parlays in bet-date order (ties by creation); a push, a
 * void, a cash-out or a pending bet neither extends nor breaks a streak. Shapes are contracts' `Streak` / `streakStats`.
 */
const streaks = table({
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    current_streak: col.jsonb<Streak | null>().orNull(),
    longest_win_streak: col.jsonb<Streak | null>().orNull(),
    longest_loss_streak: col.jsonb<Streak | null>().orNull(),
    /** The most recent streaks, newest first (at most RECENT_STREAKS_LIMIT, the current one included). */
    recent_streaks: col.jsonb<Streak[]>(),
    /** Every month with a streak starting in it, ascending: { month: 'YYYY-MM', winStreaks, lossStreaks }. */
    streaks_by_month: col.jsonb<{ month: string; winStreaks: number; lossStreaks: number }[]>(),
  },
});

/**
 * Goals with progress. current_amount = profit of the user's bets and parlays dated inside
 * [start_date, end_date]. `status` here does not depend on today: 'paused' when paused, else
 * 'completed' once current_amount >= target_amount, else 'active'; the reader turns an 'active'
 * goal whose end_date has passed into 'failed' (see contracts `goalProgress`).
 */
const goals = table({
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    title: col.text(),
    target_amount: col.money(),
    current_amount: col.money(),
    timeframe: col.text<GoalTimeframe>(),
    start_date: col.date(),
    end_date: col.date(),
    status: col.text<'active' | 'completed' | 'paused'>(),
    paused: col.boolean(),
    description: col.text().orNull(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    version: col.integer(),
  },
});

const journal_entries = table({
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    title: col.text(),
    content: col.text(),
    type: col.text<JournalType>(),
    mood: col.text<Mood>(),
    tags: col.jsonb<string[]>(),
    date: col.date(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    version: col.integer(),
  },
});

/**
 * Which streams hold a user's events (user-, email-, bet-, parlay-, bankroll-, goal-, journal-),
 * kept after the thing is removed. An `email-` stream can also hold another user's events after
 * the address was released: filter its events by `data.userId`.
 */
const user_streams = table({
  owner: 'user_id',
  key: ['user_id', 'stream_id'],
  columns: {
    user_id: col.uuid(),
    stream_id: col.text(),
  },
});

/**
 * Users set aside: an event of theirs could not be projected (a bad value, a bug), so the projector
 * skips their events and moves on for everyone else. One row per user, the first failure; the
 * user's rows elsewhere stay as they were before it. A rebuild, or `npm run projections:retry`
 * after a fix, brings them back.
 */
const projection_failures = table({
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    /** Text, not uuid: a user id that is not a UUID is one of the things that gets a user set aside. */
    user_id: col.text(),
    stream_id: col.text(),
    /** The event's revision in its stream (text: a bigint). */
    revision: col.text(),
    /** The event's log position, "commit.prepare". */
    position: col.text(),
    event_type: col.text(),
    error: col.text(),
    failed_at: col.timestamptz(),
  },
});

/**
 * GET /api/settings: the user's preferences (OddsFormatChosen, UnitSizeSet). No row until the user
 * sets one; readers answer the defaults (american, no unit size) without it.
 */
const user_settings = table({
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    odds_format: col.text<OddsFormat>(),
    /** Dollars per unit; null: none. */
    unit_size: col.money().orNull(),
    updated_at: col.timestamptz(),
  },
});

/**
 * What was removed, kept so that a restore brings it back with its full state: the bet's or parlay's
 * `bets` row (a parlay's with its `parlays` row in parlay_row), the goal's `goals` row, the entry's
 * `journal_entries` row, as they were when removed (GET /api/bets?deleted=true lists the bets and parlays).
 */
const removed_rows = table({
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    kind: col.text<RemovedKind>(),
    removed_at: col.timestamptz(),
    row: col.jsonb<object>(),
    parlay_row: col.jsonb<object | null>().orNull(),
  },
});

/** What a removed_rows row holds: a single bet, a parlay, a goal or a journal entry. */
export type RemovedKind = 'bet' | 'parlay' | 'goal' | 'entry';

/**
 * Every table the projection writes, in the order a batch writes them: the single declaration of
 * their columns (the migrations must agree with it, see schema.int.test.ts).
 */
export const TABLES = {
  users,
  bets,
  parlays,
  bankroll,
  user_stats,
  daily,
  sport_distribution,
  streaks,
  goals,
  journal_entries,
  user_streams,
  projection_failures,
  user_settings,
  analytics_daily,
  analytics_monthly,
  analytics_totals,
  removed_rows,
};

/** The projector's position in the global log (no user's: the writer's checkpoint statement writes it, not the row writer). */
export const checkpoints = {
  key: ['name'],
  columns: {
    /** CHECKPOINT_NAME for one projector; "read_models:i/N" for partition i of N (partitions/partition.ts). */
    name: col.text(),
    /** "commit.prepare", the X-Log-Position text; compare with contracts' compareLogPositions. */
    position: col.text(),
    updated_at: col.timestamptz(),
  },
};

/**
 * A user's folded state after their events up to `position` (snapshots/): asOf replays fold on from
 * the nearest one instead of from the first event. Not a read model: written beside them, never
 * loaded into a user's state. Only snapshots of this projection code's version are read.
 */
export const user_snapshots = {
  key: ['user_id', 'version', 'events'],
  columns: {
    user_id: col.uuid(),
    /** PROJECTION_VERSION of the code that folded it. */
    version: col.integer(),
    /** How many of the user's events it holds (its order among the user's snapshots). */
    events: col.integer(),
    /** The position of the last of them, "commit.prepare": a replay reads the events after it. */
    position: col.text(),
    /** The latest occurredAt among them: the snapshot serves an asOf at or after it. */
    recorded_until: col.timestamptz(),
    /** snapshots/codec.ts */
    state: col.bytea(),
  },
};

/** What the projector has folded of each user since their last snapshot, to know when the next is due. */
export const snapshot_marks = {
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    version: col.integer(),
    events: col.integer(),
    /** The latest occurredAt among the user's events folded; null before the first. */
    recorded_until: col.timestamptz().orNull(),
    /** `events` at the user's last snapshot (0: none yet). */
    snapshot_events: col.integer(),
  },
};

/**
 * Per stream of a user whose marks are kept, the position of its latest event (snapshots/): an asOf
 * replay from a snapshot reads only the streams written after the snapshot's position.
 */
export const snapshot_streams = {
  key: ['user_id', 'stream_id'],
  columns: {
    user_id: col.uuid(),
    stream_id: col.text(),
    /** The position of the stream's latest event of the user, as `sortablePosition` (snapshots/snapshots.ts). */
    position: col.text(),
    /** The earliest `occurredAt` of the stream's events; null when noted before it was kept (not known). */
    earliest_recorded: col.timestamptz().orNull(),
  },
};

/**
 * Users held while an import of theirs runs (imports/holds.ts): not a read model of the row writer's,
 * since the projector (which imports are open) and a hold's release (how far the user is folded)
 * each write their own columns of it.
 */
export const import_holds = {
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    /** The import started last. */
    import_id: col.text(),
    /** True until that import is committed or abandoned: no release until then. */
    open: col.boolean(),
    /** The position after which the user's events are not folded yet, "commit.prepare". */
    resume_after: col.text(),
    /** The import whose ImportStarted is at `resume_after`, when its end is not folded yet. */
    started_before: col.text().orNull(),
  },
};

export type TableName = keyof typeof TABLES;

export type Database = { [T in TableName]: TableType<(typeof TABLES)[T]> } & {
  checkpoints: TableType<typeof checkpoints>;
  user_snapshots: TableType<typeof user_snapshots>;
  snapshot_marks: TableType<typeof snapshot_marks>;
  snapshot_streams: TableType<typeof snapshot_streams>;
  import_holds: TableType<typeof import_holds>;
};

/** The row type of each read-model table the projection writes. */
export type TableRows = { [T in TableName]: Selectable<Database[T]> };

/** The live read models' schema; a rebuild fills SHADOW_SCHEMA and renames it to this. */
export const READ_SCHEMA = 'read';
export const SHADOW_SCHEMA = 'read_rebuild';
/** The `checkpoints` row of the read models. */
export const CHECKPOINT_NAME = 'read_models';
/** pg_notify channel; the payload is the new checkpoint position "commit.prepare". */
export const NOTIFY_CHANNEL = 'read_models';
/** NOTIFY channel: the set of users held by an import (import_holds) changed. */
export const HOLDS_CHANNEL = 'read_models_holds';
/** NOTIFY channel: the set of users set aside (projection_failures) changed. */
export const FAILURES_CHANNEL = 'read_models_failures';
export const RECENT_STREAKS_LIMIT = 10;

export type UserRow = TableRows['users'];
export type BetHistoryRow = TableRows['bets'];
export type ParlayRow = TableRows['parlays'];
export type BankrollRow = TableRows['bankroll'];
export type UserStatsRow = TableRows['user_stats'];
export type DailyRow = TableRows['daily'];
export type SportDistributionRow = TableRows['sport_distribution'];
export type StreaksRow = TableRows['streaks'];
export type GoalRow = TableRows['goals'];
export type JournalEntryRow = TableRows['journal_entries'];
export type UserStreamRow = TableRows['user_streams'];
export type CheckpointRow = Selectable<Database['checkpoints']>;
export type ProjectionFailureRow = TableRows['projection_failures'];
export type UserSettingsRow = TableRows['user_settings'];
export type AnalyticsDailyRow = TableRows['analytics_daily'];
export type AnalyticsMonthlyRow = TableRows['analytics_monthly'];
export type AnalyticsTotalsRow = TableRows['analytics_totals'];
export type RemovedRow = TableRows['removed_rows'];
