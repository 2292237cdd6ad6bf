import { z } from 'zod';
import { BET_TYPES, GOAL_TIMEFRAMES, JOURNAL_TYPES, MOODS, OUTCOMES, SPORTS } from './enums';
import { MESSAGES } from './messages';
import { DATE_RANGE, isIsoDate } from './domain/dates';
import { formatAmericanOdds, parseAmericanOdds } from './domain/odds';

/** Field schemas shared by events, request bodies and responses. */
export const id = z.string().uuid();
/** A date a request may carry: a real calendar date, YYYY-MM-DD, within DATE_RANGE. */
export const isoDate = z
  .string({ error: MESSAGES.dateFormat })
  .refine(isIsoDate, { message: MESSAGES.dateFormat, abort: true })
  .refine((d) => d >= DATE_RANGE.min && d <= DATE_RANGE.max, MESSAGES.dateRange);
/**
 * A date as stored events and the reads carry it: any real calendar date. Events recorded before
 * DATE_RANGE was enforced stay readable (a stored event is never rewritten).
 */
export const storedDate = z.string({ error: MESSAGES.dateFormat }).refine(isIsoDate, MESSAGES.dateFormat);
export const instant = z.string().datetime({ offset: true });
export const money = z.number().finite();

export const sport = z.enum(SPORTS, { error: MESSAGES.sportRequired });
export const betType = z.enum(BET_TYPES, { error: MESSAGES.betTypeRequired });
export const outcome = z.enum(OUTCOMES, { error: MESSAGES.outcomeRequired });
export const journalType = z.enum(JOURNAL_TYPES);
export const mood = z.enum(MOODS);
export const goalTimeframe = z.enum(GOAL_TIMEFRAMES);

/** American odds, accepted as "+150", "-110", "150" or a number; normalised to "+150" / "-110". */
export const americanOdds = z.union([z.string(), z.number()], { error: MESSAGES.oddsFormat }).transform((value, ctx) => {
  const odds = parseAmericanOdds(value);
  if (odds === undefined) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.oddsFormat });
    return z.NEVER;
  }
  return formatAmericanOdds(odds);
});

/** Plain decimal text ("50", "12.5", ".75"): no sign but +, no exponent, no hex, binary or octal. */
const DECIMAL_TEXT = /^\+?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A positive dollar amount (number or plain decimal text), at least a cent once rounded, at most a
 * billion; rounded to cents.
 */
export const positiveAmount = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : '';
    const n = typeof value === 'number' ? value : DECIMAL_TEXT.test(text) ? Number(text) : NaN;
    if (!Number.isFinite(n) || Math.round(n * 100) <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > 1_000_000_000) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.amountTooLarge });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** Postgres' text and json cannot hold NUL, and UTF-8 cannot encode a lone surrogate. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text can be stored as is: no NUL character, no unpaired surrogate. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * Any text a request stores (the one place that refuses what Postgres cannot store): a string
 * without NUL or unpaired surrogates, else MESSAGES.unstorableText. Every text field is built on it.
 */
export const storableText = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).refine(isStorableText, { message: MESSAGES.unstorableText, abort: true });

/** Required text: trimmed, non-empty, bounded. */
export const requiredText = (message: string, max = 200) => storableText(message).trim().min(1, message).max(max, MESSAGES.tooLong);

/** Optional free text; blank becomes null. */
export const optionalText = (max = 5000) =>
  storableText()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null));
