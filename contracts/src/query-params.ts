import { z } from 'zod';
import { ANALYTICS_DIMENSIONS, ANALYTICS_PERIODS, PERFORMANCE_RANGES } from './enums';
import { isoDate } from './fields';
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

/** GET /api/stats?range=30|90|180|365|all (default 30)&asOf= */
export const statsQuery = z.object({
  range: z.enum(PERFORMANCE_RANGES, { error: MESSAGES.rangeParam }).default('30'),
  asOf: asOfParam,
});
export type StatsQuery = z.infer<typeof statsQuery>;

/** GET /api/stats/streaks?asOf= */
export const streaksQuery = z.object({ asOf: asOfParam });
export type StreaksQuery = z.infer<typeof streaksQuery>;

/**
 * GET /api/analytics?by=<dimension>&period=30|90|365|all (default all)&from=YYYY-MM-DD&to=YYYY-MM-DD.
 * `from`/`to` (either or both) give a range of the bets' own dates and take the place of `period`.
 */
export const analyticsQuery = z
  .object({
    by: z.enum(ANALYTICS_DIMENSIONS, { error: MESSAGES.analyticsBy }),
    period: z.enum(ANALYTICS_PERIODS, { error: MESSAGES.analyticsPeriod }).default('all'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: MESSAGES.analyticsRange, path: ['from'] });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;
