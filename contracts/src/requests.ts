import { z } from 'zod';
import { DEFAULTS, GOAL_STATUSES } from './enums';
import { MESSAGES } from './messages';
import {
  betTags,
  betType,
  book,
  closingOdds,
  flag,
  league,
  legOutcome,
  odds,
  oddsFormat,
  goalTimeframe,
  isoDate,
  journalType,
  mood,
  optionalText,
  outcome,
  positiveAmount,
  requiredText,
  sport,
  startsAt,
  storableText,
} from './fields';
import { parlayOddsInRange } from './domain/parlay';

/** Request bodies with the spec's messages (section 5). A `userId` in any body is ignored (stripped). */

const email = storableText(MESSAGES.invalidEmail).trim().toLowerCase().pipe(z.email(MESSAGES.invalidEmail).max(254, MESSAGES.tooLong));

export const loginBody = z.object({
  email,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024, MESSAGES.tooLong),
});
export type LoginBody = z.infer<typeof loginBody>;

const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(DEFAULTS.minPasswordLength, MESSAGES.passwordTooShort)
  .max(1024, MESSAGES.tooLong);

export const registerBody = z.object({
  email,
  password: newPassword,
  username: storableText()
    .trim()
    .max(50, MESSAGES.tooLong)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length >= DEFAULTS.minUsernameLength, MESSAGES.usernameTooShort),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** "Forgot password?": the address to send a link to. */
export const forgotPasswordBody = z.object({ email });

/** The e-mailed link's token and the new password (the rules of registration). */
export const resetPasswordBody = z.object({
  // A token longer than any we issue is no link of ours: the one message of a link that cannot be used.
  token: z.string({ error: MESSAGES.resetTokenMissing }).trim().min(1, MESSAGES.resetTokenMissing).max(200, MESSAGES.resetLinkInvalid),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const updateEmailBody = z.object({ newEmail: email });

/** DELETE /api/account: the account's password, asked again before everything of it is erased. */
export const deleteAccountBody = z.object({
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});

export const updatePasswordBody = z
  .object({
    currentPassword: z.string({ error: MESSAGES.currentPasswordRequired }).min(1, MESSAGES.currentPasswordRequired),
    newPassword,
    confirmPassword: z.string({ error: MESSAGES.confirmPassword }).min(DEFAULTS.minPasswordLength, MESSAGES.confirmPassword),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });

/** A cash-out's amount: required (and only kept) when the outcome is 'cashout'. */
const cashOutAmount = positiveAmount(MESSAGES.cashOutAmount).nullish();

/** A cashed-out bet or parlay must say what it returned; any other outcome keeps no amount (null). */
const settleCashOut = <T extends { outcome?: string; cashOutAmount?: number | null }>(body: T, ctx: z.RefinementCtx): T => {
  if (body.outcome === 'cashout' && (body.cashOutAmount === undefined || body.cashOutAmount === null)) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.cashOutRequired, path: ['cashOutAmount'] });
    return z.NEVER;
  }
  return body.outcome === undefined || body.outcome === 'cashout' || body.cashOutAmount === undefined
    ? body
    : { ...body, cashOutAmount: null };
};

/**
 * What bets and parlays carry beyond the spec (all optional): the sportsbook, tags, a free bet.
 * Left out of a PUT, they stay as they are; null (or [] for tags) clears them.
 */
const wagerFields = {
  book: book.optional(),
  tags: betTags.optional(),
  bonusBet: flag(MESSAGES.bonusBetFlag).optional(),
  cashOutAmount,
};

const betObject = z.object({
  sport,
  event: requiredText(MESSAGES.eventRequired),
  betType,
  stake: positiveAmount(MESSAGES.stakePositive),
  /** Any format: American, decimal or fractional (stored as typed). */
  odds,
  outcome: outcome.default('pending'),
  notes: optionalText(),
  /** The day the bet was placed; today when absent. */
  date: isoDate.optional(),
  league: league.optional(),
  /** The price at close, any format; null or blank: none. */
  closingOdds: closingOdds.optional(),
  /** When the event starts: ISO 8601 with its offset; null or blank: none. */
  startsAt: startsAt.optional(),
  ...wagerFields,
});

export const betBody = betObject.transform(settleCashOut);
export type BetBody = z.infer<typeof betBody>;

/**
 * PUT /api/bets/:id: the bet as sent, except that outcome, notes, date and the optional fields
 * may be left out (then they stay as they are). No defaults: what a body leaves out is undefined,
 * not pending. A cash-out amount sent without an outcome changes a cashed-out bet's amount.
 */
export const betAmendBody = betObject.extend({ outcome: outcome.optional(), notes: optionalText().optional() }).transform(settleCashOut);
export type BetAmendBody = z.infer<typeof betAmendBody>;

/**
 * POST /api/bets/:id/settle (a bet's or a parlay's id): one tap's outcome, a cash-out with its
 * amount. 'pending' undoes a settlement; an undo sends the outcome (and amount) it replaces.
 */
export const settleBody = z.object({ outcome, cashOutAmount }).transform(settleCashOut);
export type SettleBody = z.infer<typeof settleBody>;

/** POST /api/parlays/:id/legs/:index/settle: a leg's outcome ('pending' undoes; never 'cashout'). */
export const legSettleBody = z.object({ outcome: legOutcome });
export type LegSettleBody = z.infer<typeof legSettleBody>;

const legBody = z.object({
  sport: storableText().optional(),
  event: storableText().optional(),
  selection: storableText().optional(),
  odds: z.union([z.string(), z.number()]).nullish(),
  date: isoDate.optional(),
  outcome: legOutcome.default('pending'),
  league: storableText().nullish(),
  closingOdds: z.union([z.string(), z.number()]).nullish(),
  startsAt: startsAt.optional(),
});

const isCompleteLeg = (leg: z.infer<typeof legBody>) =>
  [leg.sport, leg.event, leg.selection, leg.odds].every((v) => v !== undefined && v !== null && String(v).trim() !== '');
/** A leg whose odds may be left out (null or blank): an imported parlay's (see `unpricedLegs`). */
const isCompleteUnpricedLeg = (leg: z.infer<typeof legBody>) =>
  [leg.sport, leg.event, leg.selection].every((v) => v !== undefined && String(v).trim() !== '');

/** A parlay's name, trimmed; blank or null is 'Unnamed Parlay' (so is absent, in a POST). */
const parlayName = () =>
  storableText()
    .max(200, MESSAGES.tooLong)
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : DEFAULTS.parlayName));

const completeLeg = {
  sport,
  event: requiredText(MESSAGES.parlayIncomplete),
  selection: requiredText(MESSAGES.parlayIncomplete),
  date: isoDate.optional(),
  outcome: legOutcome,
  league: league.optional(),
  closingOdds: closingOdds.optional(),
  startsAt: startsAt.optional(),
};

/** 2 to 50 legs, each complete (sport, event, selection, odds). */
const pricedLegs = z
  .array(legBody, { error: MESSAGES.parlayMinLegs })
  .min(DEFAULTS.minParlayLegs, MESSAGES.parlayMinLegs)
  .max(50, MESSAGES.parlayMaxLegs)
  .refine((legs) => legs.every(isCompleteLeg), MESSAGES.parlayIncomplete)
  .pipe(
    z
      .array(z.object({ ...completeLeg, odds }))
      // Every leg counts, whatever its outcome: a push set back to pending must not price it higher.
      .refine((legs) => parlayOddsInRange(legs), MESSAGES.parlayOddsTooHigh),
  );

/**
 * Legs whose odds may be null (an imported parlay's, priced at its own total odds; the command side
 * allows them only on such a parlay): odds that are given must still be odds.
 */
const unpricedLegs = z
  .array(legBody, { error: MESSAGES.parlayMinLegs })
  .min(DEFAULTS.minParlayLegs, MESSAGES.parlayMinLegs)
  .max(50, MESSAGES.parlayMaxLegs)
  .refine((legs) => legs.every(isCompleteUnpricedLeg), MESSAGES.parlayIncomplete)
  .transform((legs) =>
    legs.map((leg) => ({ ...leg, odds: leg.odds === undefined || leg.odds === null || String(leg.odds).trim() === '' ? null : leg.odds })),
  )
  .pipe(
    z
      .array(z.object({ ...completeLeg, odds: odds.nullable() }))
      // The legs that have prices, as for any parlay (a leg without one prices at 1).
      .refine((legs) => parlayOddsInRange(legs), MESSAGES.parlayOddsTooHigh),
  );

/**
 * A parlay: at least 2 legs, each complete (sport, event, selection, odds). The server prices it;
 * any totalOdds / potentialProfit sent by a client is ignored.
 */
const parlayObject = z.object({
  name: parlayName(),
  stake: positiveAmount(MESSAGES.stakePositive),
  outcome: outcome.default('pending'),
  notes: optionalText(),
  date: isoDate.optional(),
  ...wagerFields,
  legs: pricedLegs,
});
export const parlayBody = parlayObject.transform(settleCashOut);
export type ParlayBody = z.infer<typeof parlayBody>;

/**
 * PUT /api/parlays/:id: stake and legs as sent (the legs replace the old ones); name, outcome,
 * notes and date may be left out (then they stay; a derived date follows the new legs). A name sent blank is still 'Unnamed Parlay'.
 */
export const parlayAmendBody = parlayObject
  .extend({
    /** An imported parlay's legs may stay without prices (refused on any other parlay by the command). */
    legs: unpricedLegs,
    name: parlayName().optional(),
    outcome: outcome.optional(),
    notes: optionalText().optional(),
    /** A date the bettor sets; null gives the date back to the legs (their latest date); left out, it stays as it is. */
    date: isoDate.nullable().optional(),
  })
  .transform(settleCashOut);
export type ParlayAmendBody = z.infer<typeof parlayAmendBody>;

/**
 * An imported parlay from another tracker (Pikkit): its legs may carry no prices, and it is priced
 * at `totalOdds`, the file's total odds. Not a request body: only the import builds it.
 */
export const importedParlayBody = parlayObject
  .extend({ legs: unpricedLegs, totalOdds: odds.nullable().optional() })
  .transform(settleCashOut);
export type ImportedParlayBody = z.infer<typeof importedParlayBody>;

/** A deposit or withdrawal, with an optional note for the ledger. */
export const fundsBody = z.object({ amount: positiveAmount(MESSAGES.fundsAmount), note: optionalText(200) });

/** POST /api/bankroll/adjust: "my counted balance is X" (0 or more, rounded to cents). */
export const adjustBankrollBody = z.object({
  countedBalance: z.union([z.number(), z.string()], { error: MESSAGES.countedBalance }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\+?(\d+(\.\d*)?|\.\d+)$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isFinite(n) || n < 0 || n > 1_000_000_000) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.countedBalance });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  }),
  note: optionalText(200),
});

export const goalBody = z.object({
  title: requiredText(MESSAGES.goalMissing),
  targetAmount: z
    .union([z.number(), z.string()], { error: MESSAGES.goalMissing })
    .refine((v) => String(v).trim() !== '', MESSAGES.goalMissing)
    .pipe(positiveAmount(MESSAGES.goalAmount)),
  timeframe: goalTimeframe.default(DEFAULTS.goalTimeframe),
  description: optionalText(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  /** Only 'paused' means anything from a client; completed and failed are computed. */
  status: z.enum(GOAL_STATUSES).default('active'),
  /** Sent by the spec's client; the server computes progress and ignores it. */
  currentAmount: z.unknown().optional(),
});
export type GoalBody = z.infer<typeof goalBody>;

/** PUT /api/goals/:id: title and target as sent; timeframe, status, description and dates may be left out (then they stay). */
export const goalAmendBody = goalBody.extend({
  timeframe: goalTimeframe.optional(),
  status: z.enum(GOAL_STATUSES).optional(),
  description: optionalText().optional(),
});
export type GoalAmendBody = z.infer<typeof goalAmendBody>;

/**
 * PUT /api/settings (Settings, Preferences): either or both; unitSize null clears it. Each change
 * is an event on the user's stream (OddsFormatChosen, UnitSizeSet).
 */
export const settingsBody = z.object({
  oddsFormat: oddsFormat.optional(),
  /** At least $1: a unit of cents would put a history's units past what a read model can sum (a $1e9 stake is 1e9 units). */
  unitSize: positiveAmount(MESSAGES.unitSize).pipe(z.number().min(1, MESSAGES.unitSize)).nullable().optional(),
});
export type SettingsBody = z.infer<typeof settingsBody>;

/** Tags as a list or one comma-separated text, split and tidied by splitTags. */
const tags = () =>
  z
    .union([z.array(z.string()), z.string()])
    .transform((list) => splitTags(list))
    .pipe(z.array(storableText()));

export const journalBody = z.object({
  title: requiredText(MESSAGES.journalMissing),
  content: requiredText(MESSAGES.journalMissing, 20_000),
  type: journalType.default(DEFAULTS.journalType),
  mood: mood.default(DEFAULTS.journalMood),
  tags: tags().default([]),
  date: isoDate.optional(),
});
export type JournalBody = z.infer<typeof journalBody>;

/** PUT /api/journal/:id: title and content as sent; type, mood, tags and date may be left out (then they stay). */
export const journalAmendBody = journalBody.extend({ type: journalType.optional(), mood: mood.optional(), tags: tags().optional() });
export type JournalAmendBody = z.infer<typeof journalAmendBody>;

/** Tags: split on commas, trimmed, empties dropped, duplicates removed; at most 30 of at most 50 characters. */
export const splitTags = (tags: string | readonly string[]): string[] => {
  const parts = (typeof tags === 'string' ? [tags] : tags).flatMap((t) => t.split(','));
  return [...new Set(parts.map((t) => t.trim()).filter((t) => t !== ''))].slice(0, 30).map((t) => Array.from(t).slice(0, 50).join(''));
};

/** The first issue's message, as the API and the forms show it. */
export const firstMessage = (error: z.ZodError): string => error.issues[0]?.message ?? MESSAGES.invalidRequest;
