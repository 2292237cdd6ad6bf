import type { Stats } from '@bt/contracts';
import { sportColor } from '../../../lib/sport-colors';

export type SportMeasure = 'count' | 'amount' | 'profit';
/** The measures a doughnut can share out: neither is ever negative. */
export type ShareMeasure = Exclude<SportMeasure, 'profit'>;

/** Spec section 9: the doughnut's legend lists the top 5 sports. */
export const LEGEND_SIZE = 5;

type SportRow = Stats['sportDistribution'][number];

export interface SportShare {
  sport: string;
  value: number;
  /** Share of the total, 0-100. */
  percent: number;
  /** The sport's own colour, the same in every view. */
  color: string;
}

/** Sports by count or by amount staked, largest first, without empty slices. */
export const sportShares = (distribution: readonly SportRow[], measure: ShareMeasure): SportShare[] => {
  const rows = distribution
    .map((row) => ({ sport: row.sport, value: measure === 'count' ? row.count : row.stake }))
    .filter((row) => row.value > 0)
    .sort((a, b) => b.value - a.value || a.sport.localeCompare(b.sport));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return rows.map((row) => ({
    ...row,
    percent: total > 0 ? (row.value / total) * 100 : 0,
    color: sportColor(row.sport),
  }));
};

export interface SportProfit {
  sport: string;
  profit: number;
  /** Length of the sport's bar as a share of the largest gain or loss, 0-100 (0 for no profit). */
  extent: number;
  color: string;
}

/**
 * Every sport's profit, losses included, for a diverging bar: best first, so the winners sit above
 * the losers. Bars are scaled to the largest gain or loss, so the longest bar fills its side.
 */
export const sportProfits = (distribution: readonly SportRow[]): SportProfit[] => {
  const largest = distribution.reduce((max, row) => Math.max(max, Math.abs(row.profit)), 0);
  return [...distribution]
    .sort((a, b) => b.profit - a.profit || a.sport.localeCompare(b.sport))
    .map((row) => ({
      sport: row.sport,
      profit: row.profit,
      extent: largest > 0 ? (Math.abs(row.profit) / largest) * 100 : 0,
      color: sportColor(row.sport),
    }));
};
