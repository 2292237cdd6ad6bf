import { z } from 'zod';
import { ANALYTICS_DIMENSIONS, ANALYTICS_PERIODS, GOAL_STATUSES } from './enums';
import { betType, goalTimeframe, id, instant, storedDate, journalType, legOutcome, mood, oddsFormat, outcome, sport } from './fields';

/** Response shapes (docs/api.md). Types for clients; schemas for tests. */

export const user = z.object({ id, email: z.string(), username: z.string().nullable(), createdAt: instant });
export type User = z.infer<typeof user>;
export const authResponse = z.object({ token: z.string(), user });
export type AuthResponse = z.infer<typeof authResponse>;
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
/** A change of password: every other session is over; `token` is the fresh one for this session. */
export const passwordChangedResponse = z.object({ message: z.string(), token: z.string() });
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponse>;
/** A change of e-mail: the user as now, and (as for a password) a fresh token for this session. */
export const emailChangedResponse = z.object({ message: z.string(), user, token: z.string() });
export type EmailChangedResponse = z.infer<typeof emailChangedResponse>;

/**
 * What every bet and parlay answers beyond the spec: book, tags, a free bet, a cash-out's amount,
 * closing-line value (percent, null without a close) and units (null when no unit size was set at placement).
 */
const wagerView = {
  book: z.string().nullable(),
  tags: z.array(z.string()),
  /** The price as a decimal, to 4 places (`odds` / `totalOdds` is its canonical American text). */
  decimalOdds: z.number(),
  clv: z.number().nullable(),
  bonusBet: z.boolean(),
  /** What a cash-out returned; null unless the outcome is 'cashout'. */
  cashOutAmount: z.number().nullable(),
  /** The unit size in effect when it was placed. */
  unitSize: z.number().nullable(),
  units: z.number().nullable(),
  profitUnits: z.number().nullable(),
};

export const betRow = z.object({
  id,
  userId: id,
  kind: z.enum(['bet', 'parlay']),
  sport: z.union([sport, z.literal('parlay')]),
  event: z.string(),
  betType,
  /** Canonical American text ("+150") whatever format was typed. */
  odds: z.string(),
  stake: z.number(),
  profit: z.number(),
  outcome,
  notes: z.string().nullable(),
  date: storedDate,
  createdAt: instant,
  updatedAt: instant,
  parlayId: id.nullable(),
  isPartOfParlay: z.boolean(),
  legCount: z.number().int().nullable(),
  version: z.number().int(),
  /** A single bet's league (null for a parlay: its legs have their own). */
  league: z.string().nullable(),
  /** Canonical American text of the closing odds (a parlay's: the product of its legs' closes); null without one. */
  closingOdds: z.string().nullable(),
  /** When the event starts, as typed (ISO 8601 with its offset); a parlay's: its earliest leg's when every leg has one. */
  startsAt: z.string().nullable(),
  ...wagerView,
  /** When it was deleted: only on GET /api/bets?deleted=true. */
  deletedAt: instant.optional(),
});
export type BetRow = z.infer<typeof betRow>;

/** GET /api/bets?page=: one page of Bet History; `total` counts every row the filters keep. */
export const betsPage = z.object({
  items: z.array(betRow),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type BetsPage = z.infer<typeof betsPage>;

/**
 * GET /api/bets/totals: the figures of every row Bet History's filters keep (not just a page), as in
 * Stats and Analytics: `staked` is the stake at risk (pending, void and bonus stakes out), so `roi` =
 * profit / staked (percent, one decimal; null without stake at risk). Units count only the rows placed
 * with a unit size: `unitsWon` sums their profit in units (null when none was), `unitBets` counts them.
 */
export const betsTotals = z.object({
  bets: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  pushes: z.number().int().nonnegative(),
  voids: z.number().int().nonnegative(),
  cashouts: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  staked: z.number(),
  profit: z.number(),
  roi: z.number().nullable(),
  unitsWon: z.number().nullable(),
  unitBets: z.number().int().nonnegative(),
});
export type BetsTotals = z.infer<typeof betsTotals>;

/**
 * A parlay's leg as answered: odds and closing odds in canonical American text, with the leg's
 * decimal price; both null on an imported parlay's leg that has no price (the parlay has its own total).
 */
export const parlayLegView = z.object({
  sport,
  event: z.string(),
  selection: z.string(),
  odds: z.string().nullable(),
  decimalOdds: z.number().nullable(),
  date: storedDate,
  outcome: legOutcome,
  league: z.string().nullable(),
  closingOdds: z.string().nullable(),
  /** When the leg's event starts, as typed (ISO 8601 with its offset); null: none given. */
  startsAt: z.string().nullable(),
});
export type ParlayLegView = z.infer<typeof parlayLegView>;

export const parlay = z.object({
  id,
  userId: id,
  name: z.string(),
  totalOdds: z.string(),
  stake: z.number(),
  potentialProfit: z.number(),
  profit: z.number(),
  outcome,
  notes: z.string().nullable(),
  date: storedDate,
  /** True when the bettor chose `date`; false when it is the latest leg's date (and follows the legs). */
  dateSet: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  legs: z.array(parlayLegView),
  version: z.number().int(),
  /** The product of the legs' closes when every leg has one, canonical American text; else null. */
  closingOdds: z.string().nullable(),
  ...wagerView,
});
export type Parlay = z.infer<typeof parlay>;

export const record = z.object({
  wins: z.number(),
  losses: z.number(),
  pushes: z.number(),
  voids: z.number(),
  cashouts: z.number(),
  pending: z.number(),
});
/**
 * One 30-day window of the stats, by the bets' own dates: bets placed, profit settled, and win rate
 * and ROI as percents (one decimal), null when the window has no win or loss (no settled stake for ROI).
 */
export const statsPeriod = z.object({
  bets: z.number(),
  profit: z.number(),
  winRate: z.number().nullable(),
  roi: z.number().nullable(),
});
export type StatsPeriod = z.infer<typeof statsPeriod>;
export const stats = z.object({
  winRate: z.number(),
  totalProfit: z.number(),
  roi: z.number(),
  totalBets: z.number(),
  record,
  trends: z.object({ winRate: z.number(), totalProfit: z.number(), roi: z.number(), totalBets: z.number() }),
  /** The two windows the trends compare: the last 30 days (today included) and the 30 days before. */
  periods: z.object({ last30Days: statsPeriod, previous30Days: statsPeriod }),
  recentPerformance: z.array(z.object({ date: storedDate, cumulativeProfit: z.number() })),
  sportDistribution: z.array(
    z.object({ sport: z.string(), count: z.number(), stake: z.number(), profit: z.number(), percentage: z.number() }),
  ),
  /** The average decimal price of every bet and parlay, as American text ("-105"); null without any. */
  averageOdds: z.string().nullable(),
  /** Profit in units, summed over bets placed with a unit size (two decimals); null when none was. */
  unitsWon: z.number().nullable(),
  /** How many of the bets and parlays (all time) unitsWon covers: "+1.82u on 8 of 25 bets". */
  unitBets: z.number().int(),
  /** Every bet and parlay recorded (all time: what winRate, totalProfit and roi cover). */
  allBets: z.number().int(),
  /** Average closing-line value (percent, two decimals) of bets with closing odds; null without any. */
  averageClv: z.number().nullable(),
  /** Percentage (0-100, one decimal) of bets with closing odds whose clv > 0; null without any. */
  beatCloseRate: z.number().nullable(),
});
export type Stats = z.infer<typeof stats>;

/**
 * One group of an analytics breakdown (or the totals): bets (a parlay counts once, in its own bet
 * type; a tag breakdown counts a bet once per tag), its record, win rate (percent, one decimal; null
 * without a win or loss), staked (the stake at risk: void, pending and bonus stakes out), profit,
 * ROI (percent, one decimal; null without stake at risk), units won (null when no bet of the group
 * has a unit size), average odds (American text of the mean decimal price) and average CLV (null
 * without a close).
 */
export const analyticsRow = z.object({
  key: z.string(),
  bets: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  pushes: z.number().int(),
  voids: z.number().int(),
  cashouts: z.number().int(),
  winRate: z.number().nullable(),
  staked: z.number(),
  profit: z.number(),
  roi: z.number().nullable(),
  unitsWon: z.number().nullable(),
  /** How many of the group's bets unitsWon covers (those placed with a unit size). */
  unitBets: z.number().int(),
  averageOdds: z.string().nullable(),
  averageClv: z.number().nullable(),
});
export type AnalyticsRow = z.infer<typeof analyticsRow>;
/** GET /api/analytics: the rows (largest number of bets first, then key) and the totals of the period (key 'Total'). */
export const analytics = z.object({
  by: z.enum(ANALYTICS_DIMENSIONS),
  period: z.enum(ANALYTICS_PERIODS),
  from: storedDate.nullable(),
  to: storedDate.nullable(),
  rows: z.array(analyticsRow),
  totals: analyticsRow,
});
export type Analytics = z.infer<typeof analytics>;

/** GET/PUT /api/settings: how prices are shown, and the unit size (null: none). */
export const settings = z.object({ oddsFormat, unitSize: z.number().nullable() });
export type Settings = z.infer<typeof settings>;

/**
 * GET /api/settings/unit-size/earlier (what applying the unit size would cover: the bets and parlays
 * without one) and POST /api/settings/unit-size/apply (what it covered). `unitSize` null: none set.
 */
export const unitSizeCoverage = z.object({
  unitSize: z.number().nullable(),
  bets: z.number().int().nonnegative(),
  parlays: z.number().int().nonnegative(),
});
export type UnitSizeCoverage = z.infer<typeof unitSizeCoverage>;

export const streak = z.object({
  type: z.enum(['win', 'loss']),
  length: z.number().int(),
  startDate: storedDate,
  endDate: storedDate,
  profit: z.number(),
});
export type Streak = z.infer<typeof streak>;
export const streakStats = z.object({
  currentStreak: streak.nullable(),
  longestWinStreak: streak.nullable(),
  longestLossStreak: streak.nullable(),
  recentStreaks: z.array(streak),
  streaksByMonth: z.array(z.object({ month: z.string(), winStreaks: z.number(), lossStreaks: z.number() })),
});
export type StreakStats = z.infer<typeof streakStats>;

export const goal = z.object({
  id,
  userId: id,
  title: z.string(),
  targetAmount: z.number(),
  currentAmount: z.number(),
  timeframe: goalTimeframe,
  startDate: storedDate,
  endDate: storedDate,
  status: z.enum(GOAL_STATUSES),
  description: z.string().nullable(),
  createdAt: instant,
  progress: z.number(),
  daysLeft: z.number().int(),
  amountToGo: z.number(),
  version: z.number().int(),
});
export type Goal = z.infer<typeof goal>;

export const journalEntry = z.object({
  id,
  userId: id,
  title: z.string(),
  content: z.string(),
  type: journalType,
  mood,
  tags: z.array(z.string()),
  date: storedDate,
  createdAt: instant,
  updatedAt: instant,
  version: z.number().int(),
});
export type JournalEntry = z.infer<typeof journalEntry>;

export const betChange = z.object({
  type: z.string(),
  at: instant,
  version: z.number().int(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type BetChange = z.infer<typeof betChange>;

const rowMessage = z.object({ row: z.number().int(), message: z.string() });
export const importReport = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  /** Bets imported before from another tracker (Pikkit's bet_id) that the file changed since: amended. */
  amended: z.number().int(),
  /** Rows that stopped the import (then nothing is imported). */
  errors: z.array(rowMessage),
  /** Rows imported differently from the file (an unknown sport stored as 'other'). */
  warnings: z.array(rowMessage),
});
export type ImportReport = z.infer<typeof importReport>;

/** A row of the import preview: what it would be stored as, priced as we price it. */
export const importPreviewRow = z.object({
  row: z.number().int(),
  kind: z.enum(['bet', 'parlay']),
  /** Absent in the file: the day of the import. */
  date: storedDate.nullable(),
  sport: sport.nullable(),
  league: z.string().nullable(),
  event: z.string(),
  betType,
  book: z.string().nullable(),
  /** Canonical American text (a parlay's: its total). */
  odds: z.string(),
  stake: z.number(),
  outcome,
  profit: z.number(),
  closingOdds: z.string().nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  bonusBet: z.boolean(),
  legCount: z.number().int().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

/**
 * POST /api/import/bets?dryRun=1: how the file would be imported; nothing is written. `columns`:
 * each header of the file and the field it is read as (null: not read); `remembered`: they are the
 * ones the user's last import of a file with these headers used; `rows`: the first 20 rows as they
 * would be stored; `rowCount`: the rows that read well, of which `newRows` would be added,
 * `alreadyImported` skipped (imported before) and `toUpdate` amended (another tracker's bet imported
 * before that changed since), as the import would count them now; every row's errors and warnings.
 */
export const importPreview = z.object({
  dryRun: z.literal(true),
  format: z.enum(['csv', 'pikkit']),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  remembered: z.boolean(),
  rowCount: z.number().int(),
  newRows: z.number().int(),
  alreadyImported: z.number().int(),
  toUpdate: z.number().int(),
  rows: z.array(importPreviewRow),
  errors: z.array(rowMessage),
  warnings: z.array(rowMessage),
});
export type ImportPreview = z.infer<typeof importPreview>;

/**
 * GET /api/imports/{key}: what became of the import sent with that Idempotency-Key. `running` until
 * it ends; `committed` (every new row saved; `visible` once they show in the read models, all at
 * once) or `abandoned` (none saved, whatever was appended: `reason` says why).
 */
export const importStatus = z.object({
  importId: id,
  key: z.string(),
  status: z.enum(['running', 'committed', 'abandoned']),
  rows: z.number().int(),
  imported: z.number().int().nullable(),
  amended: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
  reason: z.string().nullable(),
  visible: z.boolean(),
  startedAt: instant,
  endedAt: instant.nullable(),
});
export type ImportStatus = z.infer<typeof importStatus>;

/** A goal as a write answers it: what the user set (progress and the computed status come from GET /api/goals). */
export const goalWritten = z.object({
  id,
  userId: id,
  title: z.string(),
  targetAmount: z.number(),
  timeframe: goalTimeframe,
  startDate: storedDate,
  endDate: storedDate,
  description: z.string().nullable(),
  paused: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  version: z.number().int(),
});
