import type { AnalyticsDailyRow, AnalyticsMonthlyRow, AnalyticsTotalsRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { KeyedRows } from '../../fold/row-sets';
import { eachSide } from '../user-stats/projection';
import { betsOf, byText, groupIndex, tallyGroup, zeroGroup } from './day-groups';
import { deriveAnalytics } from './derive';
import { groupsOf, MONTHLY_GROUP, NO_DAY, tally, TOTALS_GROUP } from './groups';
import {
  analytics_daily as analyticsDailyTable,
  analytics_monthly as analyticsMonthlyTable,
  analytics_totals as analyticsTotalsTable,
  DAY_COLUMNS,
  dayColumnOf,
  type DayColumn,
  type DayGroup,
} from './table';

/*
 * The analytics read models (GET /api/analytics): per user, breakdown dimension and group key, the
 * figures of the bets and parlays in that group, per bet date (analytics_daily), per month of it
 * (analytics_monthly) and over all dates (analytics_totals). They read no event: they follow the `bets` rows (./bets.ts) like daily and
 * user_stats, so an amend moves its share from one group (and day) to another. A parlay counts once.
 */

const byKeys = (a: { dimension: string; key: string }, b: { dimension: string; key: string }) =>
  a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** `analytics_daily`: per bet date, every dimension's groups of that day (see its table); a day's row exists while it has a group. */
export const analyticsDailyProjection: ReadModel<
  'analyticsDaily',
  typeof analyticsDailyTable,
  KeyedRows<'analytics_daily'>,
  AnalyticsDailyRow[]
> = {
  name: 'analyticsDaily',
  table: analyticsDailyTable,
  version: 2, // 2: one row per day, each dimension's groups in JSON text
  initial: (userId) => new KeyedRows(analyticsDailyTable, userId),
  reads: {},
  followsBets(state, change) {
    const rows = state.analyticsDaily;
    if (rows.deriveWhenRead(() => deriveAnalytics(state))) return; // untracked: built from the final rows
    eachSide(change, (row, sign) => {
      const date = row.date;
      const day = { ...(rows.get(date) ?? { ...NO_DAY, user_id: state.userId, date }) };
      // A new row: one taken for writing is never changed after (it is written in the background).
      const touched = new Map<DayColumn, DayGroup[]>();
      for (const { dimension, key } of groupsOf(row)) {
        const column = dayColumnOf(dimension);
        let groups = touched.get(column);
        if (!groups) touched.set(column, (groups = day[column] === null ? [] : (JSON.parse(day[column]) as DayGroup[])));
        let at = groupIndex(groups, key);
        if (at < 0) groups.splice((at = ~at), 0, zeroGroup(key));
        tallyGroup(groups[at], row, sign);
        if (betsOf(groups[at]) === 0) groups.splice(at, 1);
      }
      for (const [column, groups] of touched) day[column] = groups.length === 0 ? null : JSON.stringify(groups);
      if (Object.values(DAY_COLUMNS).every((column) => day[column] === null)) rows.remove(date);
      else rows.put(date, day);
    });
  },
  rowSet: (state) => state.analyticsDaily,
  replay: (state) => state.analyticsDaily.list().sort((a, b) => byText(a.date, b.date)),
};

/** `analytics_monthly`: per dimension, group key and month of the bet date ('YYYY-MM'); a row exists while bets > 0. */
export const analyticsMonthlyProjection: ReadModel<
  'analyticsMonthly',
  typeof analyticsMonthlyTable,
  KeyedRows<'analytics_monthly'>,
  AnalyticsMonthlyRow[]
> = {
  name: 'analyticsMonthly',
  table: analyticsMonthlyTable,
  version: 1,
  initial: (userId) => new KeyedRows(analyticsMonthlyTable, userId, true),
  reads: {},
  followsBets(state, change) {
    const rows = state.analyticsMonthly;
    if (rows.deriveWhenRead(() => deriveAnalytics(state))) return; // untracked: built from the final rows
    eachSide(change, (row, sign) => {
      for (const { dimension, key, monthly: id } of groupsOf(row)) {
        let group = rows.get(id);
        if (!group) rows.rows.set(id, (group = { ...MONTHLY_GROUP, user_id: state.userId, dimension, key, month: row.date.slice(0, 7) }));
        tally(group, row, sign);
        if (group.bets === 0) rows.rows.delete(id);
        rows.mark(id);
      }
    });
  },
  rowSet: (state) => state.analyticsMonthly,
  replay: (state) => state.analyticsMonthly.list().sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byKeys(a, b))),
};

/** `analytics_totals`: per dimension and group key over all dates; a row exists while bets > 0. */
export const analyticsTotalsProjection: ReadModel<
  'analyticsTotals',
  typeof analyticsTotalsTable,
  KeyedRows<'analytics_totals'>,
  AnalyticsTotalsRow[]
> = {
  name: 'analyticsTotals',
  table: analyticsTotalsTable,
  version: 1,
  initial: (userId) => new KeyedRows(analyticsTotalsTable, userId, true),
  reads: {},
  followsBets(state, change) {
    const rows = state.analyticsTotals;
    if (rows.deriveWhenRead(() => deriveAnalytics(state))) return; // untracked: built from the final rows
    eachSide(change, (row, sign) => {
      for (const { dimension, key, totals: id } of groupsOf(row)) {
        let group = rows.get(id);
        if (!group) rows.rows.set(id, (group = { ...TOTALS_GROUP, user_id: state.userId, dimension, key }));
        tally(group, row, sign);
        if (group.bets === 0) rows.rows.delete(id);
        rows.mark(id);
      }
    });
  },
  rowSet: (state) => state.analyticsTotals,
  replay: (state) => state.analyticsTotals.list().sort(byKeys),
};
