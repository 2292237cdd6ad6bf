import type { Selectable } from 'kysely';
import type { GoalTimeframe } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

/**
 * Goals with progress. current_amount = profit of the user's bets and parlays dated inside
 * [start_date, end_date]. `status` here does not depend on today: 'paused' when paused, else
 * 'completed' once current_amount >= target_amount, else 'active'; the reader turns an 'active'
 * goal whose end_date has passed into 'failed' (see contracts `goalProgress`).
 */
export const goals = table('goals', {
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    title: col.text(),
    target_amount: col.money(),
    current_amount: col.money(),
    timeframe: col.text<GoalTimeframe>(),
    start_date: col.date(),
    end_date: col.date(),
    status: col.text<'active' | 'completed' | 'paused'>(),
    paused: col.boolean(),
    description: col.text().orNull(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    version: col.integer(),
  },
});

export type GoalRow = Selectable<TableType<typeof goals>>;
