/** Closed vocabularies of the product (spec sections 4 and 9). */
export const SPORTS = ['football', 'basketball', 'baseball', 'hockey', 'soccer', 'other'] as const;
export type Sport = (typeof SPORTS)[number];

export const BET_TYPES = ['moneyline', 'spread', 'total', 'prop', 'parlay'] as const;
export type BetType = (typeof BET_TYPES)[number];
/** The types a single bet may be placed with: a parlay is placed with its legs (POST /api/parlays). */
export const SINGLE_BET_TYPES = BET_TYPES.filter((type) => type !== 'parlay');

/**
 * A bet's outcomes. 'void' (cancelled: stake back, profit 0) and 'cashout' (settled early for
 * `cashOutAmount`) are left out of win rate and streaks like a push.
 */
export const OUTCOMES = ['win', 'loss', 'push', 'void', 'cashout', 'pending'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A parlay leg's outcomes: a leg is not cashed out on its own. A void leg is priced out like a push. */
export const LEG_OUTCOMES = ['win', 'loss', 'push', 'void', 'pending'] as const;
export type LegOutcome = (typeof LEG_OUTCOMES)[number];

/** How the bettor reads prices (Settings, Preferences): American +150, decimal 2.50, fractional 3/2. */
export const ODDS_FORMATS = ['american', 'decimal', 'fractional'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** Sportsbooks the forms suggest after the bettor's own (most used first). */
export const COMMON_BOOKS = [
  'DraftKings',
  'FanDuel',
  'BetMGM',
  'Caesars',
  'ESPN BET',
  'Fanatics',
  'bet365',
  'BetRivers',
  'Hard Rock Bet',
  'Pinnacle',
] as const;

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

/** Analytics: what a breakdown groups by (GET /api/analytics?by=). */
export const ANALYTICS_DIMENSIONS = ['sport', 'league', 'book', 'betType', 'tag', 'oddsRange', 'weekday', 'stakeSize'] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/** Analytics periods, in days by the bets' own dates ('all' = no limit); `from`/`to` give any other range. */
export const ANALYTICS_PERIODS = ['30', '90', '365', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The odds ranges of the oddsRange breakdown (American), shortest first: each row's key. */
export const ODDS_RANGES = ['-200 and shorter', '-199 to -101', '-100 to +100', '+101 to +199', '+200 and longer'] as const;
export type OddsRange = (typeof ODDS_RANGES)[number];

/** Days of the week (of the bet's own date) as the weekday breakdown's keys, Monday first. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Stake sizes in units (when the bet was placed with a unit size): the stakeSize breakdown's keys. */
export const UNIT_STAKE_SIZES = ['Under 1u', '1-2u', 'Over 2u'] as const;

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
  // Added with books, leagues, tags, odds formats and closing lines: after the first twelve, so a
  // file exported before them still imports (absent columns read blank).
  'book',
  'league',
  'tags',
  'decimalOdds',
  'closingOdds',
  'clv',
  'bonusBet',
  'cashOutAmount',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Spec section 9 defaults and limits. */
export const DEFAULTS = {
  parlayStake: 50,
  parlayName: 'Unnamed Parlay',
  minParlayLegs: 2,
  historyPageSize: 6,
  historyPageWindow: 5,
  minPasswordLength: 6,
  minUsernameLength: 2,
  /** How long an e-mailed "Forgot password" link works. */
  passwordResetMinutes: 30,
  journalType: 'daily' as JournalType,
  journalMood: 'neutral' as Mood,
  goalTimeframe: 'monthly' as GoalTimeframe,
  totalBetsWindowDays: 30,
  oddsFormat: 'american' as OddsFormat,
  maxBetTags: 10,
  maxTagLength: 30,
  maxBookLength: 60,
  maxLeagueLength: 40,
} as const;

/** Bet History's sortable columns (GET /api/bets `sort`); 'date' is the bet's day, then its entry time. */
export const HISTORY_SORT_KEYS = ['date', 'sport', 'event', 'betType', 'book', 'odds', 'stake', 'profit', 'clv', 'outcome'] as const;
export type HistorySortKey = (typeof HISTORY_SORT_KEYS)[number];

/** Bet History's period filter: the last N days by the bet's date, or all. */
export const HISTORY_PERIODS = ['30', '90', '365', 'all'] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];

/** The page sizes Bet History offers; the first is its default (GET /api/bets takes any `pageSize` from 1 to 100). */
export const HISTORY_PAGE_SIZES = [25, 50, 100] as const;
export type HistoryPageSize = (typeof HISTORY_PAGE_SIZES)[number];

/** Analytics group keys of rows with no league, book or tag (GET /api/analytics `rows[].key`). */
export const NO_LEAGUE = '(no league)';
export const NO_BOOK = '(no book)';
export const NO_TAG = '(no tag)';
