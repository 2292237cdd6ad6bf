/** Closed vocabularies of the product (spec sections 4 and 9). */
export const SPORTS = ['football', 'basketball', 'baseball', 'hockey', 'soccer', 'other'] as const;
export type Sport = (typeof SPORTS)[number];

export const BET_TYPES = ['moneyline', 'spread', 'total', 'prop', 'parlay'] as const;
export type BetType = (typeof BET_TYPES)[number];

export const OUTCOMES = ['win', 'loss', 'push', 'pending'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const JOURNAL_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type JournalType = (typeof JOURNAL_TYPES)[number];

export const MOODS = ['positive', 'neutral', 'negative'] as const;
export type Mood = (typeof MOODS)[number];

export const GOAL_TIMEFRAMES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type GoalTimeframe = (typeof GOAL_TIMEFRAMES)[number];

export const GOAL_STATUSES = ['active', 'completed', 'failed', 'paused'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Chart and history periods, in days ('all' = no limit). */
export const PERFORMANCE_RANGES = ['30', '90', '180', '365', 'all'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

/**
 * The bet CSV's columns, in order: one format for export (GET /api/export/bets.csv) and import
 * (POST /api/import/bets); see csv.ts.
 */
export const CSV_COLUMNS = [
  'id',
  'date',
  'kind',
  'sport',
  'event',
  'betType',
  'odds',
  'stake',
  'outcome',
  'profit',
  'notes',
  'legs',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Spec section 9 defaults and limits. */
export const DEFAULTS = {
  parlayStake: 50,
  parlayName: 'Unnamed Parlay',
  legOdds: '+100',
  minParlayLegs: 2,
  historyPageSize: 6,
  historyPageWindow: 5,
  minPasswordLength: 6,
  minUsernameLength: 2,
  journalType: 'daily' as JournalType,
  journalMood: 'neutral' as Mood,
  goalTimeframe: 'monthly' as GoalTimeframe,
  totalBetsWindowDays: 30,
} as const;
