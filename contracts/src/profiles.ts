import { z } from 'zod';
import { BET_TYPES, LEG_OUTCOMES, OUTCOMES, SPORTS } from './enums';
import { MESSAGES } from './messages';
import { flag, isoDate, storedDate } from './fields';
import type { BetTiming } from './domain/start-times';

/**
 * Public profiles (issue 39): a handle, what the page shows, and from when. Off by default. The
 * handle rules, the bodies and answers, and the record the page shows (recomputed from the bets it
 * shows by `publicRecord`, so anyone can check the figures against the bets).
 */

/** Handles nobody may take: the app's own paths and words that would pass for the site speaking. */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'bets',
  'dashboard',
  'docs',
  'help',
  'login',
  'logout',
  'me',
  'moderator',
  'null',
  'official',
  'privacy',
  'profile',
  'public',
  'register',
  'reset-password',
  'root',
  'security',
  'settings',
  'signin',
  'signout',
  'signup',
  'staff',
  'static',
  'support',
  'system',
  'terms',
  'u',
  'undefined',
  'user',
  'users',
  'verify',
  'www',
]);

/** How long a handle its holder let go of (changed, or profile removed) stays theirs alone: 30 days. */
export const HANDLE_HOLD_DAYS = 30;

/** Checked on the text as sent: a look-alike (Cyrillic "а", fullwidth "ａ", the Kelvin sign that lowers to "k") is refused, never folded. */
const HANDLE_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * A handle as a request sends it: trimmed, then only ASCII letters, digits, _ and - (anything else,
 * NFKC look-alikes included, is refused with what is allowed), lowered (so "Ann" is "ann", and a
 * case variant of a taken handle is that taken handle), 3 to 30 characters, not a reserved word.
 */
export const handle = z
  .string({ error: MESSAGES.handleRequired })
  .trim()
  .min(1, MESSAGES.handleRequired)
  .transform((raw, ctx) => {
    if (!HANDLE_CHARACTERS.test(raw)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.handleCharacters });
      return z.NEVER;
    }
    const lowered = raw.toLowerCase();
    if (lowered.length < 3 || lowered.length > 30) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.handleLength });
      return z.NEVER;
    }
    if (RESERVED_HANDLES.has(lowered)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.handleReserved(lowered) });
      return z.NEVER;
    }
    return lowered;
  });

/** What a profile can show by sport: a bet's sport, or 'parlay' for parlays. */
export const PROFILE_SPORTS = [...SPORTS, 'parlay'] as const;
export type ProfileSport = (typeof PROFILE_SPORTS)[number];
const profileSport = z.enum(PROFILE_SPORTS, { error: MESSAGES.profileSports });
export const profileSports = z.union([z.literal('all'), z.array(profileSport).min(1, MESSAGES.profileSports)], {
  error: MESSAGES.profileSports,
});
export type ProfileSports = z.infer<typeof profileSports>;

/**
 * PUT /api/profile. `handle` and `enabled` always; `sports` ('all' or a list), `units` (true: units
 * only, no money) and `since` (the first day shown; null: from the first bet) keep their values when
 * left out (the first PUT: all sports, money, from the first bet).
 */
export const profileBody = z.object({
  handle,
  enabled: flag(MESSAGES.profileEnabled),
  sports: profileSports.optional(),
  units: flag(MESSAGES.profileUnits).optional(),
  since: isoDate.nullable().optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** GET/PUT /api/profile: the signed-in user's public profile settings (null before they set one). */
export const profileSettings = z.object({
  handle: z.string(),
  enabled: z.boolean(),
  sports: profileSports,
  units: z.boolean(),
  since: storedDate.nullable(),
  /** The page's path (`/u/<handle>`): it answers only while enabled. */
  path: z.string(),
  version: z.number().int(),
});
export type ProfileSettings = z.infer<typeof profileSettings>;
export const profileAnswer = z.object({ profile: profileSettings.nullable() });
export type ProfileAnswer = z.infer<typeof profileAnswer>;

const timing = z.enum(['before-start', 'after-start', 'imported', 'no-start-time']);

/** A parlay leg as a public page shows it. */
export const publicLeg = z.object({
  sport: z.enum(SPORTS),
  event: z.string(),
  selection: z.string(),
  league: z.string().nullable(),
  odds: z.string().nullable(),
  startsAt: z.string().nullable(),
  outcome: z.enum(LEG_OUTCOMES),
});

/**
 * A bet as a public page shows it: only these fields (no id, notes, book or tags). Money (stake,
 * profit) is null on a units-only page; units are null for a bet placed without a unit size.
 */
export const publicBet = z.object({
  date: storedDate,
  startsAt: z.string().nullable(),
  sport: z.enum(PROFILE_SPORTS),
  league: z.string().nullable(),
  event: z.string(),
  /** The market: moneyline, spread, total, prop or parlay. */
  betType: z.enum(BET_TYPES),
  /** Canonical American text. */
  odds: z.string(),
  stake: z.number().nullable(),
  units: z.number().nullable(),
  outcome: z.enum(OUTCOMES),
  profit: z.number().nullable(),
  profitUnits: z.number().nullable(),
  /**
   * Logged before the event's start, after it, imported from a file (when it was typed cannot be
   * shown), or without a start time. Provisional: by when the bet was first recorded.
   */
  timing,
  legs: z.array(publicLeg).nullable(),
});
export type PublicBet = z.infer<typeof publicBet>;

/** W-L-P-V, win rate, ROI, units and (unless units only) profit of a set of public bets. */
export const publicRecord = z.object({
  bets: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  pushes: z.number().int(),
  voids: z.number().int(),
  cashouts: z.number().int(),
  pending: z.number().int(),
  /** Percent, one decimal: wins / (wins + losses); null without either. */
  winRate: z.number().nullable(),
  /** Percent, one decimal: profit / settled stake; null without a settled stake. */
  roi: z.number().nullable(),
  /** Profit in units of the bets placed with a unit size; null when none was. */
  unitsWon: z.number().nullable(),
  /** Null on a units-only page. */
  profit: z.number().nullable(),
});
export type PublicRecord = z.infer<typeof publicRecord>;

/** GET /api/public/profiles/:handle (no sign-in). */
export const publicProfile = z.object({
  handle: z.string(),
  units: z.boolean(),
  sports: profileSports,
  since: storedDate.nullable(),
  record: publicRecord,
  /** The same figures over the bets logged before their start alone (shown first). */
  beforeStart: publicRecord,
  bySport: z.array(z.object({ sport: z.enum(PROFILE_SPORTS), record: publicRecord })),
  /** Newest first. */
  bets: z.array(publicBet),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** A bet's figures the record is summed from (money in dollars). */
export interface RecordInput {
  outcome: (typeof OUTCOMES)[number];
  profit: number;
  /** The stake at risk (pending, void and bonus stakes are 0), ROI's denominator. */
  stakeAtRisk: number;
  profitUnits: number | null;
  timing?: BetTiming;
}

const percent = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The record of some bets, money summed in whole cents (the page's own rule: contracts' only). */
export const recordOf = (bets: readonly RecordInput[], unitsOnly: boolean): PublicRecord => {
  const count = (outcome: RecordInput['outcome']) => bets.filter((bet) => bet.outcome === outcome).length;
  let profitCents = 0;
  let stakeCents = 0;
  let unitsHundredths: number | null = null;
  for (const bet of bets) {
    if (bet.outcome === 'pending') continue;
    profitCents += Math.round(bet.profit * 100);
    stakeCents += Math.round(bet.stakeAtRisk * 100);
    if (bet.profitUnits !== null) unitsHundredths = (unitsHundredths ?? 0) + Math.round(bet.profitUnits * 100);
  }
  const wins = count('win');
  const losses = count('loss');
  return {
    bets: bets.length,
    wins,
    losses,
    pushes: count('push'),
    voids: count('void'),
    cashouts: count('cashout'),
    pending: count('pending'),
    winRate: percent(wins, wins + losses),
    roi: percent(profitCents, stakeCents),
    unitsWon: unitsHundredths === null ? null : unitsHundredths / 100,
    profit: unitsOnly ? null : profitCents / 100,
  };
};
