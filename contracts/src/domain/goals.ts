import type { GoalStatus } from '../enums';
import { daysBetween } from './dates';
import { roundMoney } from './money';

export interface GoalFigures {
  targetAmount: number;
  /** Profit of the bets and parlays dated inside [startDate, endDate]. */
  currentAmount: number;
  endDate: string;
  paused: boolean;
}

/**
 * A goal's status (DESIGN "Goal progress"): paused when the user paused it; completed once the
 * current amount reaches the target; failed once the window has ended short of it (only known
 * with `today`, YYYY-MM-DD); otherwise active. The read model stores it without `today`.
 */
export const goalStatus = (goal: GoalFigures, today?: string): GoalStatus => {
  if (goal.paused) return 'paused';
  if (goal.currentAmount >= goal.targetAmount) return 'completed';
  if (today !== undefined && today > goal.endDate) return 'failed';
  return 'active';
};

export interface GoalProgress {
  status: GoalStatus;
  /** max(0, current) / target x 100, limited to 0-100, one decimal. */
  progress: number;
  /** Days until the end date, never below 0. */
  daysLeft: number;
  /** target - max(0, current), in cents. */
  amountToGo: number;
}

/** The figures a goal card shows on `today` (spec section 9 "Goals"). */
export const goalProgress = (goal: GoalFigures, today: string): GoalProgress => {
  const earned = Math.max(0, goal.currentAmount);
  const percent = goal.targetAmount > 0 ? Math.min(100, Math.max(0, (earned / goal.targetAmount) * 100)) : 0;
  return {
    status: goalStatus(goal, today),
    progress: Math.round(percent * 10) / 10,
    daysLeft: Math.max(0, daysBetween(today, goal.endDate)),
    amountToGo: roundMoney(goal.targetAmount - earned),
  };
};
