import { z } from 'zod';
import { BET_TYPES, DEFAULTS, GOAL_TIMEFRAMES, JOURNAL_TYPES, LEG_OUTCOMES, MOODS, ODDS_FORMATS, OUTCOMES, SPORTS } from './enums';
import { MESSAGES } from './messages';
import { DATE_RANGE, isIsoDate } from './domain/dates';
import { isStartTime } from './domain/start-times';
import { readAmount } from './domain/money';
import { readOdds, storedOddsText, type OddsProblem } from './domain/odds';

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
/**
 * The start time of a bet's or leg's event, as a request carries it: an ISO 8601 date-time with its
 * offset (contracts' isStartTime), kept as typed; blank or null is none.
 */
export const startsAt = z
  .string({ error: MESSAGES.startsAtFormat })
  .nullable()
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || isStartTime(v), MESSAGES.startsAtFormat);
export const money = z.number().finite();

export const sport = z.enum(SPORTS, { error: MESSAGES.sportRequired });
export const betType = z.enum(BET_TYPES, { error: MESSAGES.betTypeRequired });
export const outcome = z.enum(OUTCOMES, { error: MESSAGES.outcomeRequired });
export const legOutcome = z.enum(LEG_OUTCOMES, {
  error: (issue) => (issue.input === 'cashout' ? MESSAGES.legCashOut : MESSAGES.outcomeRequired),
});
export const oddsFormat = z.enum(ODDS_FORMATS, { error: MESSAGES.oddsFormatChoice });
export const journalType = z.enum(JOURNAL_TYPES);
export const mood = z.enum(MOODS);
export const goalTimeframe = z.enum(GOAL_TIMEFRAMES);

const ODDS_RANGE_MESSAGES: Record<Exclude<OddsProblem, 'format'>, string> = {
  americanRange: MESSAGES.americanOddsRange,
  decimalRange: MESSAGES.decimalOddsRange,
};

/**
 * Odds in any format (contracts' readOdds): American "+150", "-110", "150" or a whole number;
 * decimal "2.50" or a number with a fraction; fractional "3/2". Stored as typed (storedOddsText:
 * American in its canonical "+150" form). `formatMessage` names the field when it cannot be read.
 */
export const oddsText = (formatMessage: string = MESSAGES.oddsFormat) =>
  z.union([z.string(), z.number()], { error: formatMessage }).transform((value, ctx) => {
    const read = readOdds(value);
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', message: read.problem === 'format' ? formatMessage : ODDS_RANGE_MESSAGES[read.problem] });
      return z.NEVER;
    }
    return storedOddsText(value) as string;
  });
/** A bet's or leg's odds. */
export const odds = oddsText();
/** Closing odds: any format; blank or null is none. */
export const closingOdds = z
  .union([z.string(), z.number()], { error: MESSAGES.closingOddsFormat })
  .nullable()
  .transform((value) => (typeof value === 'string' && value.trim() === '' ? null : value))
  .pipe(oddsText(MESSAGES.closingOddsFormat).nullable());

/**
 * A positive dollar amount (number or plain decimal text), at least a cent once rounded, at most a
 * billion; rounded to cents (contracts' readAmount).
 */
export const positiveAmount = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const read = readAmount(value);
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', message: read.problem === 'tooLarge' ? MESSAGES.amountTooLarge : message });
      return z.NEVER;
    }
    return read.amount;
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

/** A short optional label (a book, a league): trimmed, blank is null, at most `max` characters. */
export const optionalLabel = (max: number, message: string) =>
  storableText()
    .nullish()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null))
    .refine((v) => v === null || Array.from(v).length <= max, message);
/** The sportsbook (DraftKings, bet365...). */
export const book = optionalLabel(DEFAULTS.maxBookLength, MESSAGES.bookTooLong);
/** The league (NBA, NFL, EPL...). */
export const league = optionalLabel(DEFAULTS.maxLeagueLength, MESSAGES.leagueTooLong);

/**
 * A bet's tags: a list, or one comma-separated text. Trimmed, empties dropped, unique without
 * regard to case (the first spelling stays); at most 10 of at most 30 characters.
 */
export const betTags = z
  .union([z.array(z.string()), z.string()], { error: MESSAGES.tagsFormat })
  .transform((value) => (typeof value === 'string' ? [value] : value))
  .pipe(z.array(storableText()))
  .transform((value) => {
    const seen = new Set<string>();
    const tags: string[] = [];
    for (const tag of value.flatMap((t) => t.split(',')).map((t) => t.trim())) {
      if (tag === '' || seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
    return tags;
  })
  .refine((tags) => tags.length <= DEFAULTS.maxBetTags, MESSAGES.tooManyTags)
  .refine((tags) => tags.every((tag) => Array.from(tag).length <= DEFAULTS.maxTagLength), MESSAGES.tagTooLong);

/** true / false (also "true", "yes", "1" and "false", "no", "0", "" as text, for forms and CSV files). */
export const flag = (message: string) =>
  z.union([z.boolean(), z.string()], { error: message }).transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const text = value.trim().toLowerCase();
    if (['true', 'yes', 'y', '1'].includes(text)) return true;
    if (['false', 'no', 'n', '0', ''].includes(text)) return false;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** Optional free text; blank becomes null. */
export const optionalText = (max = 5000) =>
  storableText()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null));
