/** Display formats of spec section 9: US dollars with 2 decimals, percents with 1, en-US short dates. */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "2.5u": an amount in units (two decimals at most). */
export const formatUnits = (units: number): string => `${Math.round(units * 100) / 100}u`;

/** Rounds to cents and drops negative zero, so -0.001 prints as $0.00, not -$0.00. */
const cents = (amount: number): number => Math.round(amount * 100) / 100 || 0;

/** "$1,234.50" / "-$20.00"; non-numbers print as $0.00. */
export const formatMoney = (amount: number | null | undefined): string => usd.format(Number.isFinite(amount) ? cents(amount as number) : 0);

/** Profit: like formatMoney with a '+' for values above 0 ("+$45.45"). */
export const formatProfit = (amount: number | null | undefined): string => {
  const value = Number.isFinite(amount) ? cents(amount as number) : 0;
  return value > 0 ? `+${usd.format(value)}` : usd.format(value);
};

/** "55.3%": win rate, ROI and progress. */
export const formatPercent = (value: number | null | undefined): string =>
  `${(Number.isFinite(value) ? (value as number) : 0).toFixed(1)}%`;

/** A change in percentage points with its sign ("+2.5%", "-1.0%"). */
export const formatSignedPercent = (value: number): string => {
  const fixed = (Math.round(value * 10) / 10 || 0).toFixed(1);
  return value > 0 && fixed !== '0.0' ? `+${fixed}%` : `${fixed}%`;
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const calendarDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "Jan 5, 2025". A calendar date (YYYY-MM-DD) prints as that day wherever the reader is;
 * an instant prints in the reader's time zone.
 */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) return '';
  const m = CALENDAR_DATE.exec(value);
  if (m) return calendarDateFormat.format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : dateFormat.format(new Date(t));
};

/** A range of days, both included (a goal's): one date when it is a single day. */
export const formatDayRange = (start: string, end: string): string =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant as "Mar 1, 2025, 10:05 AM" in the reader's time zone (when something was recorded). */
export const formatDateTime = (value: string): string => {
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : dateTimeFormat.format(new Date(t));
};

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2025-03" as "Mar 2025". */
export const formatMonth = (month: string): string => {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? monthFormat.format(new Date(Date.UTC(+m[1], +m[2] - 1, 1))) : month;
};

/** "football" as "Football". */
export const capitalize = (text: string): string => (text ? text[0].toUpperCase() + text.slice(1) : text);
