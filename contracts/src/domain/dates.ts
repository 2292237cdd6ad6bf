import type { GoalTimeframe } from '../enums';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export const isIsoDate = (text: string): boolean => {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

/**
 * The dates the product accepts: every date a request carries, and every date computed from one
 * (a goal's end), lies in this range, so it always prints as plain YYYY-MM-DD.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;

/** True for a real calendar date written YYYY-MM-DD within DATE_RANGE. */
export const isDateInRange = (text: string): boolean => isIsoDate(text) && text >= DATE_RANGE.min && text <= DATE_RANGE.max;

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export const dayOf = (instant: Date | string): string => new Date(instant).toISOString().slice(0, 10);

/** Adds whole days to a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return dayOf(d);
};

/** Adds calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export const addMonths = (date: string, months: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return dayOf(target);
};

/**
 * A goal's end date, its last day (a goal's range is inclusive at both ends): the start itself for
 * a daily goal, six days on for a weekly one, the day before the same day next month or year
 * (Nov 1 - Nov 30), or that month's last day when it has no such day (Jan 31 - Feb 28). Goals stored before this ended a day later (start + timeframe):
 * their events keep that end, and every reader counts it as stored, both ends included.
 */
/** The day before the same day `months` on; that month's last day when it is shorter (no such day). */
const lastDayBefore = (startDate: string, months: number): string => {
  const same = addMonths(startDate, months);
  return same.slice(8) < startDate.slice(8) ? same : addDays(same, -1);
};

export const goalEndDate = (startDate: string, timeframe: GoalTimeframe): string => {
  switch (timeframe) {
    case 'daily':
      return startDate;
    case 'weekly':
      return addDays(startDate, 6);
    case 'monthly':
      return lastDayBefore(startDate, 1);
    case 'yearly':
      return lastDayBefore(startDate, 12);
    default: {
      const never: never = timeframe;
      throw new Error(`Unknown timeframe ${String(never)}`);
    }
  }
};

/** Whether a day (YYYY-MM-DD) is in a goal's range: from its start to its end date, both included. */
export const isInGoalRange = (date: string, goal: { startDate: string; endDate: string }): boolean =>
  date >= goal.startDate && date <= goal.endDate;

/** Whole days from `a` to `b` (YYYY-MM-DD), negative when b is earlier. */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * Resolves an `asOf` parameter: an ISO instant as is, or a date meaning the end of that day, UTC.
 * Undefined when the text is neither.
 */
export const resolveAsOf = (text: string): Date | undefined => {
  if (isIsoDate(text)) return new Date(Date.parse(`${text}T23:59:59.999Z`));
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const t = Date.parse(text);
  return Number.isNaN(t) ? undefined : new Date(t);
};
