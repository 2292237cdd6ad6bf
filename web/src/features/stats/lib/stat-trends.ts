import type { Stats } from '@bt/contracts';
import { formatPercent, formatProfit, formatSignedPercent } from '../../../lib/format';

export type TrendDirection = 'up' | 'down' | 'flat';

export interface StatTrend {
  /** Up or down when the last 30 days beat or trail the 30 before as shown; flat when equal or not comparable. */
  direction: TrendDirection;
  /** What is compared, in words: "+$185.57 in the last 30 days, -$22.00 the 30 before". */
  text: string;
}

type Periods = Stats['periods'];

const directionOf = (last: number | null, before: number | null): TrendDirection =>
  last === null || before === null || last === before ? 'flat' : last > before ? 'up' : 'down';

/** Figures are compared as they are shown (cents, one decimal), so "+$5.00, +$5.00" is never an arrow. */
const cents = (amount: number) => Math.round(amount * 100);
const tenths = (rate: number | null) => (rate === null ? null : Math.round(rate * 10));

const NO_SETTLED_LAST = 'No settled bets in the last 30 days';

/** A rate in the two windows; a window without settled bets says so instead of showing 0%. */
const rateTrend = (last: number | null, before: number | null, format: (value: number) => string): StatTrend => {
  const direction = directionOf(tenths(last), tenths(before));
  if (last === null && before === null) return { direction, text: `${NO_SETTLED_LAST} or the 30 before` };
  const lastText = last === null ? NO_SETTLED_LAST : `${format(last)} in the last 30 days`;
  const beforeText = before === null ? 'none the 30 before' : `${format(before)} the 30 before`;
  return { direction, text: `${lastText}, ${beforeText}` };
};

/** The trend lines of the Win Rate, Total Profit and ROI cards: the last 30 days beside the 30 before. */
export const statTrends = ({
  last30Days: last,
  previous30Days: before,
}: Periods): Record<'winRate' | 'totalProfit' | 'roi', StatTrend> => ({
  winRate: rateTrend(last.winRate, before.winRate, formatPercent),
  totalProfit: {
    direction: directionOf(cents(last.profit), cents(before.profit)),
    text: `${formatProfit(last.profit)} in the last 30 days, ${formatProfit(before.profit)} the 30 before`,
  },
  roi: rateTrend(last.roi, before.roi, formatSignedPercent),
});
