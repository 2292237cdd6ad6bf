import { z } from 'zod';
import { GOAL_STATUSES } from './enums';
import { parlayLeg } from './events';
import { betType, goalTimeframe, id, instant, storedDate, journalType, mood, outcome, sport } from './fields';

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

export const betRow = z.object({
  id,
  userId: id,
  kind: z.enum(['bet', 'parlay']),
  sport: z.union([sport, z.literal('parlay')]),
  event: z.string(),
  betType,
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
});
export type BetRow = z.infer<typeof betRow>;

export const parlay = z.object({
  id,
  userId: id,
  name: z.string(),
  totalOdds: z.string(),
  decimalOdds: z.number(),
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
  legs: z.array(parlayLeg),
  version: z.number().int(),
});
export type Parlay = z.infer<typeof parlay>;

export const record = z.object({ wins: z.number(), losses: z.number(), pushes: z.number(), pending: z.number() });
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
});
export type Stats = z.infer<typeof stats>;

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

export const bankroll = z.object({
  amount: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  settledProfit: z.number(),
  updatedAt: instant.nullable(),
});
export type Bankroll = z.infer<typeof bankroll>;

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
  /** Rows that stopped the import (then nothing is imported). */
  errors: z.array(rowMessage),
  /** Rows imported differently from the file (an unknown sport stored as 'other'). */
  warnings: z.array(rowMessage),
});
export type ImportReport = z.infer<typeof importReport>;

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
/** A deposit or withdrawal: its message and the amount moved. */
export const fundsMoved = z.object({ message: z.string(), amount: z.number() });
