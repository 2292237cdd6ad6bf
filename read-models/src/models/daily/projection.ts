import { toCents } from '@bt/contracts';
import type { DailyRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { KeyedRows, zeroRow } from '../../fold/row-sets';
import { countOutcome, eachSide } from '../user-stats/projection';
import { daily as dailyTable } from './table';

/** A day's zero row, spread where a day starts (row-sets.ts' zeroRow). */
const DAY = zeroRow(dailyTable, { user_id: '', date: '' });

/**
 * `daily`: per bet date, what was placed that day and how it settled (settled_stake: the stake at
 * risk, pending, void and bonus stakes left out); a row exists while placed > 0.
 * It reads no event: it follows the `bets` rows (./bets.ts), so a bet whose date is amended moves
 * from one day to the other.
 */
export const dailyProjection: ReadModel<'daily', typeof dailyTable, KeyedRows<'daily'>, DailyRow[]> = {
  name: 'daily',
  table: dailyTable,
  version: 1,
  initial: (userId) => new KeyedRows(dailyTable, userId, true),
  reads: {},
  followsBets(state, change) {
    const days = state.daily;
    eachSide(change, (row, sign) => {
      let day = days.get(row.date);
      if (!day) days.rows.set(row.date, (day = { ...DAY, user_id: state.userId, date: row.date }));
      day.placed += sign;
      day.settled_stake += sign * toCents(row.stake_at_risk);
      day.profit += sign * toCents(row.profit);
      countOutcome(day, row.outcome, sign);
      if (day.placed === 0) days.rows.delete(row.date);
      days.mark(row.date);
    });
  },
  rowSet: (state) => state.daily,
  replay: (state) => state.daily.list().sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
};
