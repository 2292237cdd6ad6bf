import { z } from 'zod';
import { PERFORMANCE_RANGES } from './enums';
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
