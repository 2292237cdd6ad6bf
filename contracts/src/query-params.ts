import { z } from 'zod';
import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_PERIODS,
  HISTORY_PAGE_SIZES,
  HISTORY_PERIODS,
  HISTORY_SORT_KEYS,
  OUTCOMES,
  PERFORMANCE_RANGES,
  SPORTS,
} from './enums';
import { isoDate, storableText } from './fields';
import { MESSAGES } from './messages';
import { resolveAsOf } from './domain/dates';

/** Query-string parameters of the reads (docs/api.md "Stats"). */

/** `asOf`: an instant, or a date meaning the end of that day (UTC); absent means now. */
export const asOfParam = z
  .string({ error: MESSAGES.asOfParam })
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    const at = resolveAsOf(text.trim());
    if (at === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.asOfParam });
      return z.NEVER;
    }
    return at;
  });

/**
 * `asOfReading` (with `asOf`): which record a past day shows. 'recorded' (the default): the log as
 * it stood at the end of that day, so a bet backfilled later is not there; 'dated': today's record
 * of the bets dated on or before that day (deposits and withdrawals recorded by then).
 */
export const AS_OF_READINGS = ['recorded', 'dated'] as const;
export type AsOfReading = (typeof AS_OF_READINGS)[number];
export const asOfReadingParam = z.enum(AS_OF_READINGS, { error: MESSAGES.asOfReadingParam }).default('recorded');

/**
 * GET /api/stats?range=30|90|180|365|all (default 30)&asOf=&asOfReading=&today=: `today` is the client's day the
 * periods count back from (periodRange; default the server's UTC day), as Bet History's filters take it.
 */
export const statsQuery = z.object({
  range: z.enum(PERFORMANCE_RANGES, { error: MESSAGES.rangeParam }).default('30'),
  asOf: asOfParam,
  asOfReading: asOfReadingParam,
  today: isoDate.optional(),
});
export type StatsQuery = z.infer<typeof statsQuery>;

/** GET /api/stats/streaks?asOf= */
export const streaksQuery = z.object({ asOf: asOfParam, asOfReading: asOfReadingParam });
export type StreaksQuery = z.infer<typeof streaksQuery>;

/**
 * GET /api/analytics?by=<dimension>&period=30|90|365|all (default all)&from=YYYY-MM-DD&to=YYYY-MM-DD.
 * `from`/`to` (either or both) give a range of the bets' own dates and take the place of `period`;
 * `today` is the client's day a period counts back from (default the server's UTC day).
 */
export const analyticsQuery = z
  .object({
    by: z.enum(ANALYTICS_DIMENSIONS, { error: MESSAGES.analyticsBy }),
    period: z.enum(ANALYTICS_PERIODS, { error: MESSAGES.analyticsPeriod }).default('all'),
    from: isoDate.optional(),
    to: isoDate.optional(),
    today: isoDate.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: MESSAGES.analyticsRange, path: ['from'] });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** GET /api/goals?asOf= (goals and their progress as the record stood then). */
export const goalsQuery = z.object({ asOf: asOfParam, asOfReading: asOfReadingParam });
export type GoalsQuery = z.infer<typeof goalsQuery>;

/** GET /api/bankroll?asOf=&asOfReading= (the balance as it stood then). */
export const bankrollQuery = z.object({ asOf: asOfParam, asOfReading: asOfReadingParam });

/** A whole number from text, or the message. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/**
 * Bet History's filters, as GET /api/bets?page=, GET /api/bets/totals and the CSV export take them:
 * parlay members always hidden; `q` a substring of the event, sport, notes, book, league or a tag,
 * ignoring case; sport, type, outcome, book and tag; the last N days by the bet's date counted back
 * from `today` (the client's day; default the server's UTC day). Absent: every row.
 */
export const historyFiltersQuery = z.object({
  sport: z.enum(['all', ...SPORTS, 'parlay'], { error: MESSAGES.sportParam }).default('all'),
  type: z.enum(['all', 'bet', 'parlay'], { error: MESSAGES.typeParam }).default('all'),
  outcome: z.enum(['all', ...OUTCOMES], { error: MESSAGES.outcomeParam }).default('all'),
  period: z.enum(HISTORY_PERIODS, { error: MESSAGES.periodParam }).default('all'),
  /** A book's name ('all' or absent: any), matched ignoring case. */
  book: storableText().max(60, MESSAGES.bookTooLong).optional(),
  /** A tag ('all' or absent: any), matched ignoring case. */
  tag: storableText().max(30, MESSAGES.tagTooLong).optional(),
  q: storableText(MESSAGES.searchParam).max(200, MESSAGES.searchParam).default(''),
  today: isoDate.optional(),
});
export type HistoryFiltersQuery = z.infer<typeof historyFiltersQuery>;

/** GET /api/bets/totals: the totals of every row the filters keep; with `asOf`, as the record stood then. */
export const betsTotalsQuery = historyFiltersQuery.extend({ asOf: asOfParam, asOfReading: asOfReadingParam });
export type BetsTotalsQuery = z.infer<typeof betsTotalsQuery>;

/**
 * GET /api/bets. Without `page`: every history row (bets, parlay members and parlays), newest first,
 * as before. With `page`: Bet History's rows the way the web shows them (historyFiltersQuery's
 * filters) sorted by `sort`/`dir` (ties newest first), one page of `pageSize` rows (1 to 100, default
 * 25): `{ items, total, page, pageSize }`; with `asOf`, as the record stood then. `deleted=true` lists
 * the removed bets and parlays instead.
 */
export const betsQuery = historyFiltersQuery.extend({
  page: wholeNumber(MESSAGES.pageParam, 1, 1_000_000_000).optional(),
  pageSize: wholeNumber(MESSAGES.pageSizeParam, 1, 100).default(HISTORY_PAGE_SIZES[0]),
  sort: z.enum(HISTORY_SORT_KEYS, { error: MESSAGES.sortParam }).default('date'),
  dir: z.enum(['asc', 'desc'], { error: MESSAGES.dirParam }).default('desc'),
  deleted: z
    .enum(['true', 'false'], { error: MESSAGES.deletedParam })
    .default('false')
    .transform((v) => v === 'true'),
  /** With `page`: the page as the record stood then (a replay, like the stats' asOf). */
  asOf: asOfParam,
  asOfReading: asOfReadingParam,
});
export type BetsQuery = z.infer<typeof betsQuery>;

/** The filters of a history query, in contracts' history terms. */
export const historyFiltersOf = (query: HistoryFiltersQuery) => ({
  search: query.q,
  sport: query.sport,
  type: query.type,
  outcome: query.outcome,
  period: query.period,
  book: query.book ?? 'all',
  tag: query.tag ?? 'all',
});

/** The history view a paged GET /api/bets asks for, in contracts' history terms. */
export const historyViewOf = (query: BetsQuery & { page: number }) => ({
  filters: historyFiltersOf(query),
  sort: { key: query.sort, direction: query.dir },
  page: query.page,
  pageSize: query.pageSize,
});
