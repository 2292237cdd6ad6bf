import { z } from 'zod';
import { BET_TYPES, GOAL_TIMEFRAMES, JOURNAL_TYPES, MOODS, OUTCOMES, SPORTS } from './enums';
import { MESSAGES } from './messages';
import { isIsoDate } from './domain/dates';
import { formatAmericanOdds, parseAmericanOdds } from './domain/odds';

/** Field schemas shared by events, request bodies and responses. */
export const id = z.string().uuid();
export const isoDate = z.string({ error: MESSAGES.dateFormat }).refine(isIsoDate, MESSAGES.dateFormat);
export const instant = z.string().datetime({ offset: true });
export const money = z.number().finite();

export const sport = z.enum(SPORTS, { error: MESSAGES.sportRequired });
export const betType = z.enum(BET_TYPES, { error: MESSAGES.betTypeRequired });
export const outcome = z.enum(OUTCOMES, { error: MESSAGES.outcomeRequired });
export const journalType = z.enum(JOURNAL_TYPES);
export const mood = z.enum(MOODS);
export const goalTimeframe = z.enum(GOAL_TIMEFRAMES);

/** American odds, accepted as "+150", "-110", "150" or a number; normalised to "+150" / "-110". */
export const americanOdds = z
  .union([z.string(), z.number()], { error: MESSAGES.oddsFormat })
  .transform((value, ctx) => {
    const odds = parseAmericanOdds(value);
    if (odds === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.oddsFormat });
      return z.NEVER;
    }
    return formatAmericanOdds(odds);
  });

/** A positive dollar amount (number or numeric text), at most a billion, rounded to cents by the domain. */
export const positiveAmount = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
      if (!Number.isFinite(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (n > 1_000_000_000) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.amountTooLarge });
        return z.NEVER;
      }
      return Math.round(n * 100) / 100;
    });

/** Required text: trimmed, non-empty, bounded. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, MESSAGES.tooLong);

/** Optional free text; blank becomes null. */
export const optionalText = (max = 5000) =>
  z
    .string()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null));
