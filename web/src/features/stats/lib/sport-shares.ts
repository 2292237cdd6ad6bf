import type { Stats } from '@bt/contracts';

export type SportMeasure = 'count' | 'amount' | 'profit';

/** Spec section 9: the legend's 5 fixed colours; any further slice is grey. */
export const SPORT_COLORS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#8b5cf6'] as const;
export const OTHER_SLICE_COLOR = '#94a3b8';
export const LEGEND_SIZE = 5;

export interface SportShare {
  sport: string;
  value: number;
  /** Share of the total, 0-100. */
  percent: number;
  color: string;
}

const measureOf = (row: Stats['sportDistribution'][number], measure: SportMeasure): number => {
  switch (measure) {
    case 'count':
      return row.count;
    case 'amount':
      return row.stake;
    case 'profit':
      // A doughnut cannot show a loss: by profit, only sports that made money have a slice.
      return Math.max(0, row.profit);
    default: {
      const never: never = measure;
      throw new Error(`Unknown measure ${String(never)}`);
    }
  }
};

/** Sports by the chosen measure, largest first, without empty slices. */
export const sportShares = (distribution: Stats['sportDistribution'], measure: SportMeasure): SportShare[] => {
  const rows = distribution
    .map((row) => ({ sport: row.sport, value: measureOf(row, measure) }))
    .filter((row) => row.value > 0)
    .sort((a, b) => b.value - a.value || a.sport.localeCompare(b.sport));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return rows.map((row, index) => ({
    ...row,
    percent: total > 0 ? (row.value / total) * 100 : 0,
    color: SPORT_COLORS[index] ?? OTHER_SLICE_COLOR,
  }));
};
