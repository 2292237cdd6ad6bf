import { toCents } from '@bt/contracts';
import type { BetHistoryRow } from '../../database';
import {
  analyticsFigures,
  DIMENSION_COLUMNS,
  dimensionColumnOf,
  GROUP_FIGURES,
  type AnalyticsGroup,
  type AnalyticsGroupsRow,
} from './table';

/*
 * The analytics tables' groups ([key, ...GROUP_FIGURES], ./table.ts) as running sums: the tuple's
 * index of each figure, and a dimension's groups kept sorted by key.
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
export const zeroGroup = (key: string): AnalyticsGroup => [key, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** The group's bet count: it is kept while this is above 0. */
export const betsOf = (group: AnalyticsGroup): number => group[BETS] as number;

const add = (group: AnalyticsGroup, at: number, value: number): void => {
  group[at] = (group[at] as number) + value;
};

/** Adds (sign 1) or takes away (sign -1) a `bets` row's share of a group's figures. */
export const tallyGroup = (group: AnalyticsGroup, row: BetHistoryRow, sign: 1 | -1): void => {
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

/** Code unit order, the groups' order within a dimension. */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Where `key` is in a dimension's sorted groups, or ~(where it would go). */
export const groupIndex = (groups: readonly AnalyticsGroup[], key: string): number => {
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

/** A group as a reader sums it: its dimension and key, and its figures in dollars (money and two-decimal figures). */
export type GroupFigures = { dimension: string; key: string } & Record<(typeof GROUP_FIGURES)[number], number>;

const IN_CENTS = new Set(GROUP_FIGURES.filter((name) => analyticsFigures[name].type === 'numeric'));

/** The groups of `dimensions` (every one by default) an analytics row holds, in that order, each dimension's by key. */
export const groupsInRow = (
  row: Partial<AnalyticsGroupsRow>,
  dimensions: readonly string[] = Object.keys(DIMENSION_COLUMNS),
): GroupFigures[] =>
  dimensions.flatMap((dimension) => {
    const text = row[dimensionColumnOf(dimension)];
    if (text === null || text === undefined) return [];
    return (JSON.parse(text) as AnalyticsGroup[]).map((group) => {
      const figures: Record<string, string | number> = { dimension, key: group[0] };
      for (let i = 0; i < GROUP_FIGURES.length; i++) {
        const value = group[i + 1] as number;
        figures[GROUP_FIGURES[i]] = IN_CENTS.has(GROUP_FIGURES[i]) ? value / 100 : value;
      }
      return figures as GroupFigures;
    });
  });
