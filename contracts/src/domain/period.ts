import { addDays } from './dates';

/** A period of the product's lists and figures: the last N days, or every day ('all'). */
export type Period = '30' | '90' | '180' | '365' | 'all';

/** The days a period covers, both ends included (YYYY-MM-DD); `start` null for every day up to `end`. */
export interface PeriodRange {
  start: string | null;
  end: string;
}

/**
 * THE definition of "Last N days" (History, Dashboard, Analytics, the charts): today and the N - 1
 * days before it, N calendar days in all. `today` is the caller's calendar day (YYYY-MM-DD; the
 * product counts days in UTC, as bets' dates are stored).
 */
export const periodRange = (period: Period, today: string): PeriodRange => ({
  start: period === 'all' ? null : addDays(today, -(Number(period) - 1)),
  end: today,
});
