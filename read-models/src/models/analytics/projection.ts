import type { AnalyticsDailyRow, AnalyticsMonthlyRow, AnalyticsTotalsRow, TableRows } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { KeyedRows, type RowForm } from '../../fold/row-sets';
import type { BetRowChange, UserState } from '../../fold/state';
import { eachSide } from '../user-stats/projection';
import { deriveAnalytics } from './derive';
import { betsOf, byText, groupIndex, tallyGroup, zeroGroup } from './group-figures';
import { groupsOf, NO_DAY, NO_MONTH, NO_TOTALS } from './groups';
import {
  analytics_daily as analyticsDailyTable,
  analytics_monthly as analyticsMonthlyTable,
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

type AnalyticsTable = 'analytics_daily' | 'analytics_monthly' | 'analytics_totals';

/**
 * A period's row as the state holds it: a dimension's groups as the table's JSON text until a
 * change touches them, then as the array it changes in place (parsed once, not once per change:
 * a 50,000-row import's totals row would be parsed and written again for each of its bets).
 */
type HeldGroupsRow = Record<DimensionColumn, string | AnalyticsGroup[] | null>;

const COLUMNS = Object.values(DIMENSION_COLUMNS);

/** The rows held as HeldGroupsRow, each taken as the table's (a new row: the held one changes after). One for the three tables. */
const HELD_GROUPS: RowForm<AnalyticsTable> = {
  written: (row) => {
    const written = { ...row } as unknown as HeldGroupsRow;
    for (const column of COLUMNS) {
      const groups = written[column];
      if (groups !== null && typeof groups !== 'string') written[column] = JSON.stringify(groups);
    }
    return written as unknown as typeof row;
  },
  loaded: (row) => row,
};

/**
 * Follows a `bets` change in one of the tables: each side's row moves its share in and out of the
 * groups of its period's row (`periodOf`: its key; `start`: a new row of that period), which
 * exists while it has a group.
 */
const followInPeriods = <T extends AnalyticsTable>(
  state: UserState,
  rows: KeyedRows<T>,
  change: BetRowChange,
  periodOf: (date: string) => string,
  start: (period: string) => TableRows[T],
): void => {
  if (rows.deriveWhenRead(() => deriveAnalytics(state))) return; // untracked: built from the final rows
  eachSide(change, (row, sign) => {
    const period = periodOf(row.date);
    let held = rows.get(period) as unknown as HeldGroupsRow | undefined;
    if (held) rows.mark(period);
    else rows.put(period, (held = start(period) as unknown as HeldGroupsRow) as unknown as TableRows[T]);
    for (const { dimension, key } of groupsOf(row)) {
      const column = dimensionColumnOf(dimension);
      const value = held[column];
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
    if (COLUMNS.every((column) => held[column] === null)) rows.remove(period);
  });
};

const monthOf = (date: string): string => date.slice(0, 7);

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
    followInPeriods(
      state,
      state.analyticsDaily,
      change,
      (date) => date,
      (date) => ({ ...NO_DAY, user_id: state.userId, date }),
    );
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
    followInPeriods(state, state.analyticsMonthly, change, monthOf, (month) => ({ ...NO_MONTH, user_id: state.userId, month }));
  },
  rowSet: (state) => state.analyticsMonthly,
  replay: (state) => state.analyticsMonthly.list().sort((a, b) => byText(a.month, b.month)),
};

/** `analytics_totals`: every dimension's groups over all dates, one row per user while it has a group. */
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
    followInPeriods(
      state,
      state.analyticsTotals,
      change,
      () => userId,
      () => ({ ...NO_TOTALS, user_id: userId }),
    );
  },
  rowSet: (state) => state.analyticsTotals,
  replay: (state) => state.analyticsTotals.list(),
};
