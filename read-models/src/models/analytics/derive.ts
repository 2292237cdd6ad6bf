import { toCents } from '@bt/contracts';
import type { BetHistoryRow, TableRows } from '../../database';
import { KEY_SEPARATOR } from '../../fold/row-sets';
import type { UserState } from '../../fold/state';
import { countOutcome } from '../user-stats/projection';
import { byText, tallyGroup, zeroGroup } from './day-groups';
import { eachGroupOf, type Figures, MONTHLY_GROUP, NO_DAY, TOTALS_GROUP } from './groups';
import { dayColumnOf, type DayColumn, type DayGroup } from './table';

/** A `bets` row's share of a group's figures, worked out once per row (tally's, with sign 1). */
interface RowFigures {
  outcome: BetHistoryRow['outcome'];
  staked: number;
  profit: number;
  oddsE4: number;
  units: number | null;
  clv: number | null;
}

const figuresOf = (row: BetHistoryRow, into: RowFigures): void => {
  into.outcome = row.outcome;
  into.staked = toCents(row.stake_at_risk);
  into.profit = toCents(row.profit);
  into.oddsE4 = Math.round(row.decimal_odds * 10_000);
  into.units = row.profit_units === null ? null : toCents(row.profit_units);
  into.clv = row.clv === null ? null : toCents(row.clv);
};

/** Adds a row's figures to a group's (tally with sign 1, the row's figures worked out before). */
const addFigures = (figures: Figures, row: RowFigures): void => {
  figures.bets += 1;
  countOutcome(figures, row.outcome, 1);
  figures.staked += row.staked;
  figures.profit += row.profit;
  figures.odds_count += 1;
  figures.decimal_odds_sum_e4 += row.oddsE4;
  if (row.units !== null) {
    figures.units_count += 1;
    figures.units_sum += row.units;
  }
  if (row.clv !== null) {
    figures.clv_count += 1;
    figures.clv_sum += row.clv;
  }
};

/** A group key as JSON text, kept: a history has few distinct keys. */
const jsonKeys = new Map<string, string>();
const jsonKeyOf = (key: string): string => {
  let json = jsonKeys.get(key);
  if (json === undefined) {
    // Stryker disable next-line all: equivalent: the bound only keeps memory small; a key is the same made again
    if (jsonKeys.size >= 10_000) jsonKeys.clear();
    jsonKeys.set(key, (json = JSON.stringify(key)));
  }
  return json;
};

/**
 * A day of one `bets` row (most days of a history): each dimension's column is its groups' JSON as
 * JSON.stringify writes them, every group holding the row's figures alone, so the figures are
 * written once for the day rather than once per group (no DayGroup arrays).
 */
const oneRowDay = (day: TableRows['analytics_daily'], row: BetHistoryRow): void => {
  const group = zeroGroup('');
  tallyGroup(group, row, 1);
  const figures = JSON.stringify(group).slice(3); // ',<figures>]' after the empty key's '[""'
  let tags: string[] | undefined;
  eachGroupOf(row, (dimension, key) => {
    if (dimension === 'tag' && row.tags.length > 1) (tags ??= []).push(key);
    else day[dayColumnOf(dimension)] = `[[${jsonKeyOf(key)}${figures}]`;
  });
  if (tags)
    day.tag = `[${tags
      .sort(byText)
      .map((key) => `[${jsonKeyOf(key)}${figures}`)
      .join(',')}]`;
};

/** A day of several `bets` rows: each dimension's groups summed, in key order, as JSON. */
const manyRowDay = (day: TableRows['analytics_daily'], rows: readonly BetHistoryRow[]): void => {
  const columns = new Map<DayColumn, Map<string, DayGroup>>();
  for (const row of rows) {
    eachGroupOf(row, (dimension, key) => {
      const column = dayColumnOf(dimension);
      let groups = columns.get(column);
      if (!groups) columns.set(column, (groups = new Map()));
      let group = groups.get(key);
      if (!group) groups.set(key, (group = zeroGroup(key)));
      tallyGroup(group, row, 1);
    });
  }
  for (const [column, groups] of columns) day[column] = JSON.stringify([...groups.keys()].sort(byText).map((key) => groups.get(key)!));
};

/**
 * The three tables' rows built at once from the user's `bets` rows, each row's figures and groups
 * worked out once: a rebuild's fold (untracked rows, KeyedRows.deriveWhenRead) writes only the
 * final rows, so it sums each final row once instead of following every change. The sums equal the
 * followed ones: every row put in or removed from `bets` is a change followed, and the figures are
 * integers. A day's row is built from that day's `bets` rows (one, on most days: see oneRowDay).
 */
export const deriveAnalytics = (state: UserState): void => {
  // By dimension, then group key: the group's total and months. Looked up by the row's own strings
  // (no key built per group and row); the tables' keys are built once per row made.
  const groups = new Map<string, Map<string, Slot>>();
  const days = new Map<string, BetHistoryRow | BetHistoryRow[]>();
  const userId = state.userId;
  const figures: RowFigures = { outcome: 'pending', staked: 0, profit: 0, oddsE4: 0, units: null, clv: null };
  let month = '';
  const add = (dimension: string, key: string) => {
    let byKey = groups.get(dimension);
    if (!byKey) groups.set(dimension, (byKey = new Map()));
    let slot = byKey.get(key);
    if (!slot) byKey.set(key, (slot = { total: { ...TOTALS_GROUP, user_id: userId, dimension, key }, months: new Map() }));
    addFigures(slot.total, figures);
    let inMonth = slot.months.get(month);
    if (!inMonth) slot.months.set(month, (inMonth = { ...MONTHLY_GROUP, user_id: userId, dimension, key, month }));
    addFigures(inMonth, figures);
  };
  for (const row of state.bets.rows.values()) {
    const date = row.date;
    month = date.slice(0, 7);
    figuresOf(row, figures);
    eachGroupOf(row, add);
    const held = days.get(date);
    if (held === undefined) days.set(date, row);
    else if (Array.isArray(held)) held.push(row);
    else days.set(date, [held, row]);
  }
  const daily = new Map<string, TableRows['analytics_daily']>();
  const monthly = new Map<string, TableRows['analytics_monthly']>();
  const totals = new Map<string, TableRows['analytics_totals']>();
  for (const [dimension, byKey] of groups) {
    for (const key of [...byKey.keys()].sort(byText)) {
      const slot = byKey.get(key)!;
      totals.set(`${dimension}${KEY_SEPARATOR}${key}`, slot.total);
      for (const [month, row] of slot.months) monthly.set(`${dimension}${KEY_SEPARATOR}${month}${KEY_SEPARATOR}${key}`, row);
    }
  }
  for (const [date, held] of days) {
    const day = { ...NO_DAY, user_id: userId, date };
    if (Array.isArray(held)) manyRowDay(day, held);
    else oneRowDay(day, held);
    daily.set(date, day);
  }
  state.analyticsDaily.derived(daily);
  state.analyticsMonthly.derived(monthly);
  state.analyticsTotals.derived(totals);
};

/** One group's rows as deriveAnalytics sums them. */
interface Slot {
  total: TableRows['analytics_totals'];
  months: Map<string, TableRows['analytics_monthly']>;
}
