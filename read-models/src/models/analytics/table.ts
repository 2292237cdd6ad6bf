import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/** The figures an analytics group sums (analytics_monthly and analytics_totals, and analytics_daily's groups): counts, and sums held exact like user_stats'. */
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

/** The figures of a day's group in analytics_daily, in this order after its key. */
export const DAY_FIGURES = Object.keys(analyticsFigures) as (keyof typeof analyticsFigures)[];

/**
 * A group of a day: [key, ...DAY_FIGURES], money and two-decimal figures in integer cents
 * (running sums stay exact; the readers turn them into dollars).
 */
export type DayGroup = [string, ...number[]];

/** analytics_daily's column of each breakdown dimension (./projection.ts' keys; `stake`: rows without a unit size). */
export const DAY_COLUMNS = {
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

export type DayColumn = (typeof DAY_COLUMNS)[keyof typeof DAY_COLUMNS];

/** analytics_daily's column of a dimension's groups (throws for a dimension it has none for). */
export const dayColumnOf = (dimension: string): DayColumn => {
  const column = DAY_COLUMNS[dimension as keyof typeof DAY_COLUMNS];
  if (column === undefined) throw new Error(`analytics_daily has no column for ${dimension}`);
  return column;
};

/**
 * GET /api/analytics, per user and bet date (the bet's own day): the figures of the bets and
 * parlays dated that day, one row a day (a rebuild writes a user-day once, not once per dimension
 * and key, about eight rows a bet before). Each dimension's column holds the JSON text of its
 * groups (DayGroup[], sorted by key in code unit order; null: none that day): text, which COPY takes
 * as it is (jsonb input parsed every row again and cost Postgres more than the rows it replaced),
 * and a column per dimension, so a reader parses only the dimensions it sums. A group is there
 * while bets > 0, a day while it has one.
 * Keys per dimension (./projection.ts): sport ('parlay' for parlays), league ('(no
 * league)', parlays 'parlay'), book ('(no book)'), betType ('parlay' for parlays), tag (once per
 * tag; '(no tag)'), oddsRange (ODDS_RANGES), weekday (WEEKDAYS), stakeSize (UNIT_STAKE_SIZES, for
 * rows placed with a unit size) and `stake` (rows without one: the stake in dollars, e.g. '25.5';
 * the reader buckets them by quartile of the user's stakes).
 */
export const analytics_daily = table('analytics_daily', {
  owner: 'user_id',
  key: ['user_id', 'date'],
  columns: {
    user_id: col.uuid(),
    date: col.date(),
    sport: col.text().orNull(),
    league: col.text().orNull(),
    book: col.text().orNull(),
    bet_type: col.text().orNull(),
    tag: col.text().orNull(),
    odds_range: col.text().orNull(),
    weekday: col.text().orNull(),
    stake_size: col.text().orNull(),
    stake: col.text().orNull(),
  },
});

/** The same figures per calendar month of the bet date ('YYYY-MM'): a period's whole months are read from these. */
export const analytics_monthly = table('analytics_monthly', {
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
export const analytics_totals = table('analytics_totals', {
  owner: 'user_id',
  key: ['user_id', 'dimension', 'key'],
  columns: {
    user_id: col.uuid(),
    dimension: col.text(),
    key: col.text(),
    ...analyticsFigures,
  },
});

export type AnalyticsDailyRow = Selectable<TableType<typeof analytics_daily>>;
export type AnalyticsMonthlyRow = Selectable<TableType<typeof analytics_monthly>>;
export type AnalyticsTotalsRow = Selectable<TableType<typeof analytics_totals>>;
