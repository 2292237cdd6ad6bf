import type { Selectable } from 'kysely';
import type { Streak } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

/** How many streaks recent_streaks keeps. */
export const RECENT_STREAKS_LIMIT = 10;

/**
 * Per user: streaks over settled bets and parlays in bet-date order (ties by creation); a push, a
 * void, a cash-out or a pending bet neither extends nor breaks a streak. Shapes are contracts' `Streak` / `streakStats`.
 */
export const streaks = table('streaks', {
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    current_streak: col.jsonb<Streak | null>().orNull(),
    longest_win_streak: col.jsonb<Streak | null>().orNull(),
    longest_loss_streak: col.jsonb<Streak | null>().orNull(),
    /** The most recent streaks, newest first (at most RECENT_STREAKS_LIMIT, the current one included). */
    recent_streaks: col.jsonb<Streak[]>(),
    /** Every month with a streak starting in it, ascending: { month: 'YYYY-MM', winStreaks, lossStreaks }. */
    streaks_by_month: col.jsonb<{ month: string; winStreaks: number; lossStreaks: number }[]>(),
  },
});

export type StreaksRow = Selectable<TableType<typeof streaks>>;
