import { toCents } from '@bt/contracts';
import type { BetHistoryRow } from '../../database';
import type { DayGroup } from './table';

/*
 * analytics_daily's groups ([key, ...DAY_FIGURES], ./table.ts) as running sums: the tuple's index
 * of each figure, and a dimension's groups of a day kept sorted by key.
 */

const BETS = 1;
const OUTCOME_AT: Record<BetHistoryRow['outcome'], number> = { win: 2, loss: 3, push: 4, pending: 5, void: 6, cashout: 7 };
const STAKED = 8;
const PROFIT = 9;
const UNITS_COUNT = 10;
const UNITS_SUM = 11;
const ODDS_COUNT = 12;
const ODDS_SUM_E4 = 13;
const CLV_COUNT = 14;
const CLV_SUM = 15;

/** A group with every figure 0. */
export const zeroGroup = (key: string): DayGroup => [key, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** The group's bet count: it is kept while this is above 0. */
export const betsOf = (group: DayGroup): number => group[BETS] as number;

const add = (group: DayGroup, at: number, value: number): void => {
  group[at] = (group[at] as number) + value;
};

/** Adds (sign 1) or takes away (sign -1) a row's share of a day's group: as tally does for a monthly or total row. */
export const tallyGroup = (group: DayGroup, row: BetHistoryRow, sign: 1 | -1): void => {
  add(group, BETS, sign);
  add(group, OUTCOME_AT[row.outcome], sign);
  add(group, STAKED, sign * toCents(row.stake_at_risk));
  add(group, PROFIT, sign * toCents(row.profit));
  add(group, ODDS_COUNT, sign);
  add(group, ODDS_SUM_E4, sign * Math.round(row.decimal_odds * 10_000));
  if (row.profit_units !== null) {
    add(group, UNITS_COUNT, sign);
    add(group, UNITS_SUM, sign * toCents(row.profit_units));
  }
  if (row.clv !== null) {
    add(group, CLV_COUNT, sign);
    add(group, CLV_SUM, sign * toCents(row.clv));
  }
};

/** Code unit order, the groups' order within a day. */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Where `key` is in a dimension's sorted groups of a day, or ~(where it would go). */
export const groupIndex = (groups: readonly DayGroup[], key: string): number => {
  let low = 0;
  let high = groups.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = byText(groups[middle][0], key);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return ~low;
};
