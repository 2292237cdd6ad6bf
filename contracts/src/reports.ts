import { z } from 'zod';
import { BET_TYPES } from './enums';
import { neutraliseCsvText } from './csv';
import { id, instant, outcome, storedDate } from './fields';
import { MESSAGES } from './messages';

/** Reports (docs/api.md "Reports"): the tax year and its wagering diary. */

/** The years a tax report covers. */
export const TAX_YEARS = { min: 1900, max: 2100 } as const;

/** GET /api/reports/tax?year=YYYY (and its diary): four digits, 1900 to 2100; absent means the server's current (UTC) year. */
export const taxYearQuery = z.object({
  year: z
    .string({ error: MESSAGES.taxYearParam })
    .trim()
    .regex(/^\d{4}$/, MESSAGES.taxYearParam)
    .transform(Number)
    .pipe(z.number().int().min(TAX_YEARS.min, MESSAGES.taxYearParam).max(TAX_YEARS.max, MESSAGES.taxYearParam))
    .optional(),
});
export type TaxYearQuery = z.infer<typeof taxYearQuery>;

/** The wagering-loss rule of a year: `irc165d-100` up to 2025, `irc165d-90` from 2026 (contracts' taxRuleOf). */
export const taxRule = z.object({
  id: z.enum(['irc165d-100', 'irc165d-90']),
  /** Percent of the losses that may be deducted, only up to the winnings. */
  lossPercent: z.union([z.literal(100), z.literal(90)]),
  /** The sentence the page shows. */
  text: z.string(),
});

/** A book's (or the year's) settled wagers, winnings, losses and net result (winnings - losses), in dollars. */
const taxFigures = {
  wagers: z.number().int(),
  winnings: z.number(),
  losses: z.number(),
  net: z.number(),
};

/**
 * GET /api/reports/tax: the year's figures per book (null: wagers without a book) and in total,
 * with the losses its rule lets a bettor deduct; `pending` counts the year's wagers left out
 * because they have not settled.
 */
export const taxYear = z.object({
  year: z.number().int(),
  rule: taxRule,
  books: z.array(z.object({ book: z.string().nullable(), ...taxFigures })),
  totals: z.object({ ...taxFigures, deductibleLosses: z.number() }),
  pending: z.number().int(),
});
export type TaxYear = z.infer<typeof taxYear>;

/**
 * One wager of the diary: a bet or a parlay (betType 'parlay') dated in the year, what it staked and
 * how it settled, its winnings and loss as the year counts them (null while pending), and when it
 * was recorded in this product (the time of the event that placed it: `metadata.occurredAt` of its
 * BetPlaced or ParlayCreated in GET /api/events).
 */
export const taxDiaryEntry = z.object({
  id,
  date: storedDate,
  book: z.string().nullable(),
  event: z.string(),
  betType: z.enum(BET_TYPES),
  stake: z.number(),
  bonusBet: z.boolean(),
  outcome,
  cashOutAmount: z.number().nullable(),
  winnings: z.number().nullable(),
  loss: z.number().nullable(),
  recordedAt: instant,
});
export type TaxDiaryEntry = z.infer<typeof taxDiaryEntry>;

/** GET /api/reports/tax/diary: every wager of the year, oldest first (date, then when it was recorded). */
export const taxDiary = z.object({ year: z.number().int(), wagers: z.array(taxDiaryEntry) });
export type TaxDiary = z.infer<typeof taxDiary>;

/** The diary's CSV columns (GET /api/reports/tax/diary.csv), in order: plain numbers, no currency signs. */
export const TAX_DIARY_COLUMNS = [
  'date',
  'book',
  'event',
  'betType',
  'stake',
  'bonusBet',
  'outcome',
  'cashOutAmount',
  'winnings',
  'loss',
  'recordedAt',
] as const;

/** One diary row as CSV cells: money with two decimals, instants ISO 8601, text neutralised against formulas. */
export const taxDiaryCsvRecord = (entry: TaxDiaryEntry): Record<(typeof TAX_DIARY_COLUMNS)[number], string> => {
  const money = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));
  return {
    date: entry.date,
    book: neutraliseCsvText(entry.book ?? ''),
    event: neutraliseCsvText(entry.event),
    betType: entry.betType,
    stake: money(entry.stake),
    bonusBet: entry.bonusBet ? 'true' : 'false',
    outcome: entry.outcome,
    cashOutAmount: money(entry.cashOutAmount),
    winnings: money(entry.winnings),
    loss: money(entry.loss),
    recordedAt: entry.recordedAt,
  };
};
