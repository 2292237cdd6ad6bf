import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/** The figures an analytics group sums (a group of the analytics tables' dimension columns): counts, and sums held exact like user_stats'. */
export const analyticsFigures = {
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

/** The figures of a group in the analytics tables' dimension columns, in this order after its key. */
export const GROUP_FIGURES = Object.keys(analyticsFigures) as (keyof typeof analyticsFigures)[];

/**
 * A group of a dimension: [key, ...GROUP_FIGURES], money and two-decimal figures in integer cents
 * (running sums stay exact; the readers turn them into dollars).
 */
export type AnalyticsGroup = [string, ...number[]];

/** The analytics tables' column of each breakdown dimension (./groups.ts' keys; `stake`: rows without a unit size). */
export const DIMENSION_COLUMNS = {
  sport: 'sport',
  league: 'league',
  book: 'book',
  betType: 'bet_type',
  tag: 'tag',
  oddsRange: 'odds_range',
  weekday: 'weekday',
  stakeSize: 'stake_size',
  stake: 'stake',
} as const;

export type DimensionColumn = (typeof DIMENSION_COLUMNS)[keyof typeof DIMENSION_COLUMNS];

/** The analytics tables' column of a dimension's groups (throws for a dimension they have none for). */
export const dimensionColumnOf = (dimension: string): DimensionColumn => {
  const column = DIMENSION_COLUMNS[dimension as keyof typeof DIMENSION_COLUMNS];
  if (column === undefined) throw new Error(`the analytics tables have no column for ${dimension}`);
  return column;
};

/**
 * Each dimension's groups in a column of its own: the JSON text of AnalyticsGroup[], sorted by key
 * in code unit order; null: no group. Text, which COPY takes as it is (jsonb input parsed every row
 * again and cost Postgres more than the rows it replaced), and a column per dimension, so a reader
 * parses only the dimensions it sums. A group is there while bets > 0, a row while it has one.
 * Keys per dimension (./groups.ts): sport ('parlay' for parlays), league ('(no league)', parlays
 * 'parlay'), book ('(no book)'), betType ('parlay' for parlays), tag (once per tag; '(no tag)'),
 * oddsRange (ODDS_RANGES), weekday (WEEKDAYS), stakeSize (UNIT_STAKE_SIZES, for rows placed with a
 * unit size) and `stake` (rows without one: the stake in dollars, e.g. '25.5'; the reader buckets
 * them by quartile of the user's stakes).
 */
const dimensionColumns = {
  sport: col.text().orNull(),
  league: col.text().orNull(),
  book: col.text().orNull(),
  bet_type: col.text().orNull(),
  tag: col.text().orNull(),
  odds_range: col.text().orNull(),
  weekday: col.text().orNull(),
  stake_size: col.text().orNull(),
  stake: col.text().orNull(),
};

/*
 * GET /api/analytics, per user: the figures of the bets and parlays of each bet date
 * (analytics_daily), of each month of it (analytics_monthly) and of all dates (analytics_totals),
 * one row per user and period with every dimension's groups (a change writes one row per table,
 * not one per dimension and key, about eight a bet before; a rebuild a row per user-day, -month and user).
 */

/** Per bet date (the bet's own day): a period's days at its ends are read from these. */
export const analytics_daily = table('analytics_daily', {
  owner: 'user_id',
  key: ['user_id', 'date'],
  columns: { user_id: col.uuid(), date: col.date(), ...dimensionColumns },
});

/** Per calendar month of the bet date ('YYYY-MM'): a period's whole months are read from these. */
export const analytics_monthly = table('analytics_monthly', {
  owner: 'user_id',
  key: ['user_id', 'month'],
  columns: { user_id: col.uuid(), month: col.text(), ...dimensionColumns },
});

/** Over all of the user's dates (period 'all' reads this one row however long the history), but for `stake` (analytics_stakes). */
const { stake: _stake, ...totalsColumns } = dimensionColumns;
export const analytics_totals = table('analytics_totals', {
  owner: 'user_id',
  key: ['user_id'],
  columns: { user_id: col.uuid(), ...totalsColumns },
});

/**
 * The `stake` dimension over all dates, a row per stake (`amount`, its group key) with its one
 * group in `stake` (as the other tables' column): a bettor whose stakes vary by the cent has
 * thousands of them, and a change moves one (as a column of analytics_totals, every write by such
 * a user rewrote all of them: 515 KB and 3.2 ms a write for 10,000 stakes).
 */
export const analytics_stakes = table('analytics_stakes', {
  owner: 'user_id',
  key: ['user_id', 'amount'],
  columns: { user_id: col.uuid(), amount: col.text(), stake: col.text() },
});

export type AnalyticsDailyRow = Selectable<TableType<typeof analytics_daily>>;
export type AnalyticsMonthlyRow = Selectable<TableType<typeof analytics_monthly>>;
export type AnalyticsTotalsRow = Selectable<TableType<typeof analytics_totals>>;
export type AnalyticsStakesRow = Selectable<TableType<typeof analytics_stakes>>;
/** A row of any of the four: its dimensions' groups (a column it lacks: none). */
export type AnalyticsGroupsRow = Partial<Record<DimensionColumn, string | null>>;
