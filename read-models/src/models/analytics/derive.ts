import type { BetHistoryRow, TableRows } from '../../database';
import type { UserState } from '../../fold/state';
import { byText, tallyGroup, zeroGroup } from './group-figures';
import { eachGroupOf, NO_DAY, NO_MONTH, NO_TOTALS, STAKE_DIMENSION, stakeKeyOf } from './groups';
import { dimensionColumnOf, type AnalyticsGroup, type AnalyticsGroupsRow, type DimensionColumn } from './table';

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
 * A period of one `bets` row (most days of a history): each dimension's column is its groups' JSON
 * as JSON.stringify writes them, every group holding the row's figures alone, so the figures are
 * written once for the period rather than once per group (no AnalyticsGroup arrays).
 */
const oneRowPeriod = (period: AnalyticsGroupsRow, row: BetHistoryRow, keep: (dimension: string) => boolean): void => {
  const group = zeroGroup('');
  tallyGroup(group, row, 1);
  const figures = JSON.stringify(group).slice(3); // ',<figures>]' after the empty key's '[""'
  let tags: string[] | undefined;
  eachGroupOf(row, (dimension, key) => {
    if (!keep(dimension)) return;
    if (dimension === 'tag' && row.tags.length > 1) (tags ??= []).push(key);
    else period[dimensionColumnOf(dimension)] = `[[${jsonKeyOf(key)}${figures}]`;
  });
  if (tags)
    period.tag = `[${tags
      .sort(byText)
      .map((key) => `[${jsonKeyOf(key)}${figures}`)
      .join(',')}]`;
};

/** A period of several `bets` rows: each dimension's groups summed, in key order, as JSON. */
const manyRowPeriod = (period: AnalyticsGroupsRow, rows: readonly BetHistoryRow[], keep: (dimension: string) => boolean): void => {
  const columns = new Map<DimensionColumn, Map<string, AnalyticsGroup>>();
  for (const row of rows) {
    eachGroupOf(row, (dimension, key) => {
      if (!keep(dimension)) return;
      const column = dimensionColumnOf(dimension);
      let groups = columns.get(column);
      if (!groups) columns.set(column, (groups = new Map()));
      let group = groups.get(key);
      if (!group) groups.set(key, (group = zeroGroup(key)));
      tallyGroup(group, row, 1);
    });
  }
  for (const [column, groups] of columns) period[column] = JSON.stringify([...groups.keys()].sort(byText).map((key) => groups.get(key)!));
};

/** A period's `bets` rows: one (most days) or several. */
type Held = BetHistoryRow | BetHistoryRow[];

const hold = (periods: Map<string, Held>, period: string, row: BetHistoryRow): void => {
  const held = periods.get(period);
  if (held === undefined) periods.set(period, row);
  else if (Array.isArray(held)) held.push(row);
  else periods.set(period, [held, row]);
};

const EVERY_DIMENSION = () => true;
const NOT_STAKE = (dimension: string) => dimension !== STAKE_DIMENSION;
const STAKE_ONLY = (dimension: string) => dimension === STAKE_DIMENSION;

/** A period's row from its `bets` rows (`start`: its key columns, no group yet), of the dimensions `keep` keeps. */
const periodRow = <T extends AnalyticsGroupsRow>(start: T, held: Held, keep: (dimension: string) => boolean = EVERY_DIMENSION): T => {
  if (Array.isArray(held)) manyRowPeriod(start, held, keep);
  else oneRowPeriod(start, held, keep);
  return start;
};

/**
 * The four tables' rows built at once from the user's `bets` rows: a rebuild's fold (untracked
 * rows, KeyedRows.deriveWhenRead) writes only the final rows, so it sums each final row once
 * instead of following every change. The sums equal the followed ones: every row put in or removed
 * from `bets` is a change followed, and the figures are integers; the groups are in key order either way.
 */
export const deriveAnalytics = (state: UserState): void => {
  const days = new Map<string, Held>();
  const months = new Map<string, Held>();
  const stakes = new Map<string, Held>();
  const all: BetHistoryRow[] = [];
  const userId = state.userId;
  for (const row of state.bets.rows.values()) {
    const date = row.date;
    hold(days, date, row);
    hold(months, date.slice(0, 7), row);
    if (row.units === null) hold(stakes, stakeKeyOf(row.stake), row);
    all.push(row);
  }
  const daily = new Map<string, TableRows['analytics_daily']>();
  const monthly = new Map<string, TableRows['analytics_monthly']>();
  const totals = new Map<string, TableRows['analytics_totals']>();
  for (const [date, held] of days) daily.set(date, periodRow({ ...NO_DAY, user_id: userId, date }, held));
  for (const [month, held] of months) monthly.set(month, periodRow({ ...NO_MONTH, user_id: userId, month }, held));
  if (all.length > 0) totals.set(userId, periodRow({ ...NO_TOTALS, user_id: userId }, all.length === 1 ? all[0] : all, NOT_STAKE));
  const byStake = new Map<string, TableRows['analytics_stakes']>();
  for (const [amount, held] of stakes) byStake.set(amount, periodRow({ user_id: userId, amount, stake: '' }, held, STAKE_ONLY));
  state.analyticsDaily.derived(daily);
  state.analyticsMonthly.derived(monthly);
  state.analyticsTotals.derived(totals);
  state.analyticsStakes.derived(byStake);
};
