import type { BetType, GoalStatus, GoalTimeframe, JournalType, Mood, Outcome, Sport } from '@bt/contracts';

/** Display names of the closed vocabularies in contracts/enums. */
export const SPORT_LABELS: Record<Sport, string> = {
  football: 'Football',
  basketball: 'Basketball',
  baseball: 'Baseball',
  hockey: 'Hockey',
  soccer: 'Soccer',
  other: 'Other',
};

export const BET_TYPE_LABELS: Record<BetType, string> = {
  moneyline: 'Moneyline',
  spread: 'Spread',
  total: 'Total (Over/Under)',
  prop: 'Prop Bet',
  parlay: 'Parlay',
};

export const OUTCOME_LABELS: Record<Outcome, string> = {
  win: 'Win',
  loss: 'Loss',
  push: 'Push',
  void: 'Void',
  cashout: 'Cashed out',
  pending: 'Pending',
};

export const JOURNAL_TYPE_LABELS: Record<JournalType, string> = {
  daily: 'Daily Reflection',
  weekly: 'Weekly Review',
  monthly: 'Monthly Analysis',
};

export const MOOD_LABELS: Record<Mood, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

export const TIMEFRAME_LABELS: Record<GoalTimeframe, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  failed: 'Failed',
  paused: 'Paused',
};

/** A sport name for display; 'parlay' rows and unknown values are capitalised. */
export const sportLabel = (sport: string): string =>
  sport in SPORT_LABELS ? SPORT_LABELS[sport as Sport] : sport ? sport[0].toUpperCase() + sport.slice(1) : sport;

export const betTypeLabel = (betType: string): string => (betType in BET_TYPE_LABELS ? BET_TYPE_LABELS[betType as BetType] : betType);

/** What a history row is, once: 'Football · Spread', or 'Parlay · 3 legs' (a parlay's sport and type are both 'parlay'). */
export const wagerKindLabel = (row: { kind?: string; sport: string; betType: string; legCount?: number | null }): string =>
  row.kind === 'parlay' ? `Parlay · ${row.legCount ?? 0} legs` : `${sportLabel(row.sport)} · ${betTypeLabel(row.betType)}`;
