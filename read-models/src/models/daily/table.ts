import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/**
 * Per user and bet date (the bet's own day): what was placed that day and how it settled.
 * A row exists while placed > 0. Sum a window of rows for "last 30 days", trends, goal windows;
 * a running sum of `profit` is the performance chart.
 */
export const daily = table('daily', {
  owner: 'user_id',
  key: ['user_id', 'date'],
  columns: {
    user_id: col.uuid(),
    date: col.date(),
    /** Bets and parlays dated this day. */
    placed: col.integer(),
    wins: col.integer(),
    losses: col.integer(),
    pushes: col.integer(),
    pending: col.integer(),
    /** The stake at risk of the day's rows (pending, void and bonus stakes left out): the periods' ROI denominator. */
    settled_stake: col.money(),
    profit: col.money(),
  },
});

export type DailyRow = Selectable<TableType<typeof daily>>;
