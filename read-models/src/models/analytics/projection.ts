import type {
  AnalyticsDailyRow,
  AnalyticsMonthlyRow,
  AnalyticsStakesRow,
  AnalyticsTotalsRow,
  BetHistoryRow,
  TableRows,
} from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { KeyedRows, type RowForm } from '../../fold/row-sets';
import type { BetRowChange, UserState } from '../../fold/state';
import { eachSide } from '../user-stats/projection';
import { deriveAnalytics } from './derive';
import { betsOf, byText, groupIndex, tallyGroup, zeroGroup } from './group-figures';
import { groupsOf, NO_DAY, NO_MONTH, NO_TOTALS, STAKE_DIMENSION, stakeKeyOf } from './groups';
import {
  analytics_daily as analyticsDailyTable,
  analytics_monthly as analyticsMonthlyTable,
  analytics_stakes as analyticsStakesTable,
  analytics_totals as analyticsTotalsTable,
  DIMENSION_COLUMNS,
  dimensionColumnOf,
  type AnalyticsGroup,
  type DimensionColumn,
} from './table';

/*
 * The analytics read models (GET /api/analytics): per user, the figures of the bets and parlays in
 * each breakdown dimension's groups, per bet date (analytics_daily), per month of it
 * (analytics_monthly) and over all dates (analytics_totals), a row per period holding every
 * dimension's groups (./table.ts). They read no event: they follow the `bets` rows (./bets.ts)
 * like daily and user_stats, so an amend moves its share from one group (and period) to another.
 * A parlay counts once.
 */

type AnalyticsTable = 'analytics_daily' | 'analytics_monthly' | 'analytics_totals' | 'analytics_stakes';

/**
 * A row as the state holds it: a dimension's groups as the table's JSON text until a change
 * touches them, then as the array it changes in place (parsed once, not once per change: a
 * 50,000-row import's totals row would be parsed and written again for each of its bets).
 */
type HeldGroupsRow = Partial<Record<DimensionColumn, string | AnalyticsGroup[] | null>>;

/** The rows held as HeldGroupsRow, each taken as the table's (a new row: the held one changes after). One for the four tables. */
const HELD_GROUPS: RowForm<AnalyticsTable> = {
  written: (row) => {
    const written = { ...row } as unknown as HeldGroupsRow;
    for (const column of Object.values(DIMENSION_COLUMNS)) {
      const groups = written[column];
      if (Array.isArray(groups)) written[column] = JSON.stringify(groups);
    }
    return written as unknown as typeof row;
  },
  loaded: (row) => row,
};

/** Where a table's rows follow the `bets` rows: a row's key (undefined: the row counts in none), a new row of a key, the dimensions it holds. */
interface Periods<T extends AnalyticsTable> {
  keyOf: (row: BetHistoryRow) => string | undefined;
  start: (key: string) => TableRows[T];
  dimensions: readonly string[];
}

/**
 * Follows a `bets` change in one of the tables: each side's row moves its share in and out of the
 * groups of its key's row (its date, month, user or stake), which exists while it has a group.
 */
const followInPeriods = <T extends AnalyticsTable>(
  state: UserState,
  rows: KeyedRows<T>,
  change: BetRowChange,
  periods: Periods<T>,
): void => {
  if (rows.deriveWhenRead(() => deriveAnalytics(state))) return; // untracked: built from the final rows
  const columns = periods.dimensions.map(dimensionColumnOf);
  eachSide(change, (row, sign) => {
    const period = periods.keyOf(row);
    if (period === undefined) return;
    let held = rows.get(period) as unknown as HeldGroupsRow | undefined;
    if (held) rows.mark(period);
    else rows.put(period, (held = periods.start(period) as unknown as HeldGroupsRow) as unknown as TableRows[T]);
    for (const { dimension, key } of groupsOf(row)) {
      if (!periods.dimensions.includes(dimension)) continue;
      const column = dimensionColumnOf(dimension);
      const value = held[column] ?? null;
      const groups =
        value === null ? (held[column] = []) : typeof value === 'string' ? (held[column] = JSON.parse(value) as AnalyticsGroup[]) : value;
      let at = groupIndex(groups, key);
      if (at < 0) groups.splice((at = ~at), 0, zeroGroup(key));
      tallyGroup(groups[at], row, sign);
      if (betsOf(groups[at]) === 0) {
        groups.splice(at, 1);
        if (groups.length === 0) held[column] = null;
      }
    }
    if (columns.every((column) => held[column] === null)) rows.remove(period);
  });
};

const DIMENSIONS = Object.keys(DIMENSION_COLUMNS);
const TOTALS_DIMENSIONS = DIMENSIONS.filter((dimension) => dimension !== STAKE_DIMENSION);

/** `analytics_daily`: per bet date, every dimension's groups of that day; a day's row exists while it has a group. */
export const analyticsDailyProjection: ReadModel<
  'analyticsDaily',
  typeof analyticsDailyTable,
  KeyedRows<'analytics_daily'>,
  AnalyticsDailyRow[]
> = {
  name: 'analyticsDaily',
  table: analyticsDailyTable,
  version: 2, // 2: one row per day, each dimension's groups in JSON text
  initial: (userId) => new KeyedRows(analyticsDailyTable, userId, HELD_GROUPS as RowForm<never>),
  reads: {},
  followsBets(state, change) {
    followInPeriods(state, state.analyticsDaily, change, {
      keyOf: (row) => row.date,
      start: (date) => ({ ...NO_DAY, user_id: state.userId, date }),
      dimensions: DIMENSIONS,
    });
  },
  rowSet: (state) => state.analyticsDaily,
  replay: (state) => state.analyticsDaily.list().sort((a, b) => byText(a.date, b.date)),
};

/** `analytics_monthly`: per month of the bet date ('YYYY-MM'), every dimension's groups of that month; a row exists while it has a group. */
export const analyticsMonthlyProjection: ReadModel<
  'analyticsMonthly',
  typeof analyticsMonthlyTable,
  KeyedRows<'analytics_monthly'>,
  AnalyticsMonthlyRow[]
> = {
  name: 'analyticsMonthly',
  table: analyticsMonthlyTable,
  version: 2, // 2: one row per month, each dimension's groups in JSON text
  initial: (userId) => new KeyedRows(analyticsMonthlyTable, userId, HELD_GROUPS as RowForm<never>),
  reads: {},
  followsBets(state, change) {
    followInPeriods(state, state.analyticsMonthly, change, {
      keyOf: (row) => row.date.slice(0, 7),
      start: (month) => ({ ...NO_MONTH, user_id: state.userId, month }),
      dimensions: DIMENSIONS,
    });
  },
  rowSet: (state) => state.analyticsMonthly,
  replay: (state) => state.analyticsMonthly.list().sort((a, b) => byText(a.month, b.month)),
};

/** `analytics_totals`: every dimension's groups over all dates but `stake`'s (analytics_stakes), one row per user while it has a group. */
export const analyticsTotalsProjection: ReadModel<
  'analyticsTotals',
  typeof analyticsTotalsTable,
  KeyedRows<'analytics_totals'>,
  AnalyticsTotalsRow[]
> = {
  name: 'analyticsTotals',
  table: analyticsTotalsTable,
  version: 2, // 2: one row per user, each dimension's groups in JSON text
  initial: (userId) => new KeyedRows(analyticsTotalsTable, userId, HELD_GROUPS as RowForm<never>),
  reads: {},
  followsBets(state, change) {
    const userId = state.userId;
    followInPeriods(state, state.analyticsTotals, change, {
      keyOf: () => userId,
      start: () => ({ ...NO_TOTALS, user_id: userId }),
      dimensions: TOTALS_DIMENSIONS,
    });
  },
  rowSet: (state) => state.analyticsTotals,
  replay: (state) => state.analyticsTotals.list(),
};

/** `analytics_stakes`: the `stake` dimension's groups over all dates, a row per stake while it has a group. */
export const analyticsStakesProjection: ReadModel<
  'analyticsStakes',
  typeof analyticsStakesTable,
  KeyedRows<'analytics_stakes'>,
  AnalyticsStakesRow[]
> = {
  name: 'analyticsStakes',
  table: analyticsStakesTable,
  version: 1,
  initial: (userId) => new KeyedRows(analyticsStakesTable, userId, HELD_GROUPS as RowForm<never>),
  reads: {},
  followsBets(state, change) {
    followInPeriods(state, state.analyticsStakes, change, {
      keyOf: (row) => (row.units === null ? stakeKeyOf(row.stake) : undefined),
      start: (amount) => ({ user_id: state.userId, amount, stake: null as unknown as string }),
      dimensions: [STAKE_DIMENSION],
    });
  },
  rowSet: (state) => state.analyticsStakes,
  replay: (state) => state.analyticsStakes.list().sort((a, b) => byText(a.amount, b.amount)),
};
