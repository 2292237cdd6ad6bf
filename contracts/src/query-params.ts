import { z } from 'zod';
import { PERFORMANCE_RANGES } from './enums';
import { resolveAsOf } from './domain/dates';

/** Query-string parameters of the reads (docs/api.md "Stats"), with their messages. */
export const QUERY_MESSAGES = {
  range: 'Range must be one of 30, 90, 180, 365 or all',
  asOf: 'asOf must be an ISO 8601 instant or a date (YYYY-MM-DD)',
} as const;

/** `asOf`: an instant, or a date meaning the end of that day (UTC); absent means now. */
export const asOfParam = z
  .string({ error: QUERY_MESSAGES.asOf })
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    const at = resolveAsOf(text.trim());
    if (at === undefined) {
      ctx.addIssue({ code: 'custom', message: QUERY_MESSAGES.asOf });
      return z.NEVER;
    }
    return at;
  });

/** GET /api/stats?range=30|90|180|365|all (default 30)&asOf= */
export const statsQuery = z.object({
  range: z.enum(PERFORMANCE_RANGES, { error: QUERY_MESSAGES.range }).default('30'),
  asOf: asOfParam,
});
export type StatsQuery = z.infer<typeof statsQuery>;

/** GET /api/stats/streaks?asOf= */
export const streaksQuery = z.object({ asOf: asOfParam });
export type StreaksQuery = z.infer<typeof streaksQuery>;
