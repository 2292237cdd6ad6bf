import {
  decimalToAmerican,
  fromCents,
  NO_BOOK,
  NO_LEAGUE,
  NO_TAG,
  ODDS_RANGES,
  parseOdds,
  toCents,
  UNIT_STAKE_SIZES,
  WEEKDAYS,
  type OddsRange,
} from '@bt/contracts';
import type { AnalyticsDailyRow, AnalyticsMonthlyRow, AnalyticsTotalsRow, BetHistoryRow, TableRows } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { compositeKey, KeyedRows, zeroRow } from '../../fold/row-sets';
import type { UserState } from '../../fold/state';
import { countOutcome, eachSide } from '../user-stats/projection';
import { betsOf, byText, groupIndex, tallyGroup, zeroGroup } from './day-groups';
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

/** Rows without a unit size go under `stake`, keyed by their stake in dollars; the reader buckets them by quartile. */
export const STAKE_DIMENSION = 'stake';

/** The oddsRange key of canonical American odds (ODDS_RANGES' bounds; even money, and a price of 1 with no American form, in the middle). */
export const oddsRangeOf = (american: number): OddsRange =>
  american <= -200
    ? ODDS_RANGES[0]
    : american < -100
      ? ODDS_RANGES[1]
      : american <= 100
        ? ODDS_RANGES[2]
        : american < 200
          ? ODDS_RANGES[3]
          : ODDS_RANGES[4];

/** A small cache of a pure function of a short text (a date, a price): a history repeats few of them. */
const remembered = <T>(of: (text: string) => T): ((text: string) => T) => {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text)!;
    const value = of(text);
    // Stryker disable next-line all: equivalent: the bound only keeps memory small; a value is the same computed again
    if (known.size >= 10_000) known.clear();
    known.set(text, value);
    return value;
  };
};

/** The weekday of a 'YYYY-MM-DD' date (WEEKDAYS: Monday first). */
export const weekdayOf = remembered((date: string): string => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]);

/** The American odds of a price as stored (undefined if it has none). */
const americanOf = remembered((odds: string): number | undefined => parseOdds(odds)?.american);

/** The unit stake size of a stake in units: under 1, 1 to 2 inclusive, over 2. */
export const unitStakeSizeOf = (units: number): string =>
  units < 1 ? UNIT_STAKE_SIZES[0] : units <= 2 ? UNIT_STAKE_SIZES[1] : UNIT_STAKE_SIZES[2];

/** A group a `bets` row counts in, with its row keys in the monthly and totals tables (KeyedRows' composite keys), built once per row. */
interface Group {
  dimension: string;
  key: string;
  monthly: string;
  totals: string;
}

/**
 * The groups of the last two rows asked for: the three analytics read models ask for them of the
 * same change one after the other (its previous row, then its next), so each row's groups and keys
 * are worked out once per change; a `bets` row is never changed in place (a change puts a new row).
 * Only two are kept: a rebuild holds every row of every user, and a cache of all of them would
 * keep millions of small arrays alive for the collector to walk.
 */
const recent: { row: BetHistoryRow | undefined; groups: Group[] }[] = [
  { row: undefined, groups: [] },
  { row: undefined, groups: [] },
];

/** Every group a `bets` row counts in (a tag breakdown: once per tag). */
const groupsOf = (row: BetHistoryRow): Group[] => {
  if (recent[0].row === row) return recent[0].groups;
  if (recent[1].row === row) return recent[1].groups;
  const groups = buildGroups(row);
  recent[0] = recent[1];
  recent[1] = { row, groups };
  return groups;
};

const buildGroups = (row: BetHistoryRow): Group[] => {
  const month = row.date.slice(0, 7);
  return groupsOfRow(row).map(([dimension, key]) => ({
    dimension,
    key,
    monthly: compositeKey(dimension, month, key),
    totals: compositeKey(dimension, key),
  }));
};

const groupsOfRow = (row: BetHistoryRow): [string, string][] => {
  const parlay = row.kind === 'parlay';
  const american = americanOf(row.odds) ?? decimalToAmerican(row.decimal_odds);
  const tags = row.tags.length === 0 ? [NO_TAG] : [...new Set(row.tags)];
  return [
    ['sport', row.sport],
    ['league', parlay ? 'parlay' : (row.league ?? NO_LEAGUE)],
    ['book', row.book ?? NO_BOOK],
    ['betType', row.bet_type],
    ...tags.map((tag): [string, string] => ['tag', tag]),
    ['oddsRange', oddsRangeOf(american)],
    ['weekday', weekdayOf(row.date)],
    row.units !== null ? ['stakeSize', unitStakeSizeOf(row.units)] : [STAKE_DIMENSION, String(fromCents(toCents(row.stake)))],
  ];
};

type Figures = Pick<
  ReturnType<typeof zeroRow<'analytics_totals'>>,
  | 'bets'
  | 'wins'
  | 'losses'
  | 'pushes'
  | 'pending'
  | 'voids'
  | 'cashouts'
  | 'staked'
  | 'profit'
  | 'units_count'
  | 'units_sum'
  | 'odds_count'
  | 'decimal_odds_sum_e4'
  | 'clv_count'
  | 'clv_sum'
>;

/** Adds (sign 1) or takes away (sign -1) a row's share of a group's figures (money and two-decimal figures in hundredths). */
const tally = (figures: Figures, row: BetHistoryRow, sign: 1 | -1): void => {
  figures.bets += sign;
  countOutcome(figures, row.outcome, sign);
  figures.staked += sign * toCents(row.stake_at_risk);
  figures.profit += sign * toCents(row.profit);
  figures.odds_count += sign;
  figures.decimal_odds_sum_e4 += sign * Math.round(row.decimal_odds * 10_000);
  if (row.profit_units !== null) {
    figures.units_count += sign;
    figures.units_sum += sign * toCents(row.profit_units);
  }
  if (row.clv !== null) {
    figures.clv_count += sign;
    figures.clv_sum += sign * toCents(row.clv);
  }
};

/** Each table's zero group, spread where a group starts (row-sets.ts' zeroRow); a day with no group. */
const NO_DAY = zeroRow(analyticsDailyTable, { user_id: '', date: '' });
const MONTHLY_GROUP = zeroRow(analyticsMonthlyTable, { user_id: '', dimension: '', key: '', month: '' });
const TOTALS_GROUP = zeroRow(analyticsTotalsTable, { user_id: '', dimension: '', key: '' });

/**
 * The three tables' rows built at once from the user's `bets` rows, each row's groups worked out
 * once: a rebuild's fold (untracked rows, KeyedRows.deriveWhenRead) writes only the final rows,
 * so it sums each final row once instead of following every change. The sums equal the followed
 * ones: every row put in or removed from `bets` is a change followed, and the figures are integers.
 */
const deriveAnalytics = (state: UserState): void => {
  // By dimension, then group key: the group's rows (its total, its days, its months). Looked up by
  // the row's own strings (no key built per group and row); the tables' keys are built once per row made.
  const groups = new Map<string, Map<string, Slot>>();
  const userId = state.userId;
  for (const row of state.bets.rows.values()) {
    const date = row.date;
    const month = date.slice(0, 7);
    for (const [dimension, key] of groupsOfRow(row)) {
      let byKey = groups.get(dimension);
      if (!byKey) groups.set(dimension, (byKey = new Map()));
      let slot = byKey.get(key);
      if (!slot)
        byKey.set(key, (slot = { total: { ...TOTALS_GROUP, user_id: userId, dimension, key }, days: new Map(), months: new Map() }));
      tally(slot.total, row, 1);
      let day = slot.days.get(date);
      if (!day) slot.days.set(date, (day = zeroGroup(key)));
      tallyGroup(day, row, 1);
      let inMonth = slot.months.get(month);
      if (!inMonth) slot.months.set(month, (inMonth = { ...MONTHLY_GROUP, user_id: userId, dimension, key, month }));
      tally(inMonth, row, 1);
    }
  }
  const daily = new Map<string, TableRows['analytics_daily']>();
  const monthly = new Map<string, TableRows['analytics_monthly']>();
  const totals = new Map<string, TableRows['analytics_totals']>();
  for (const [dimension, byKey] of groups) {
    // In key order: each day's groups of the dimension come out sorted as analytics_daily keeps them.
    const days = new Map<string, DayGroup[]>();
    for (const key of [...byKey.keys()].sort(byText)) {
      const slot = byKey.get(key)!;
      totals.set(compositeKey(dimension, key), slot.total);
      for (const [date, group] of slot.days) {
        const day = days.get(date);
        if (day) day.push(group);
        else days.set(date, [group]);
      }
      for (const [month, row] of slot.months) monthly.set(compositeKey(dimension, month, key), row);
    }
    const column = dayColumnOf(dimension);
    for (const [date, dayGroups] of days) {
      let day = daily.get(date);
      if (!day) daily.set(date, (day = { ...NO_DAY, user_id: userId, date }));
      day[column] = JSON.stringify(dayGroups);
    }
  }
  state.analyticsDaily.derived(daily);
  state.analyticsMonthly.derived(monthly);
  state.analyticsTotals.derived(totals);
};

/** One group's rows as deriveAnalytics sums them. */
interface Slot {
  total: TableRows['analytics_totals'];
  days: Map<string, DayGroup>;
  months: Map<string, TableRows['analytics_monthly']>;
}

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
