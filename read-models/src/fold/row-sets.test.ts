import { expect } from 'chai';
import type { DailyRow, GoalRow } from '../database';
import { emptyChanges } from './rows';
import { bankroll as bankrollTable } from '../models/bankroll/table';
import { daily as dailyTable } from '../models/daily/table';
import { goals as goalsTable } from '../models/goals/table';
import { user_stats as userStatsTable } from '../models/user-stats/table';
import { KeyedRows, OneRow, zeroRow } from './row-sets';

const USER = '00000000-0000-7000-8000-000000000001';

const day = (date: string, placed: number, profitCents: number): DailyRow => ({
  ...zeroRow(dailyTable, { user_id: USER, date }),
  placed,
  profit: profitCents,
});

describe("a user's rows of a table, as the projections hold them", () => {
  it('inserts a row the table does not hold, and upserts it once it does', () => {
    const days = new KeyedRows(dailyTable, USER, true);
    days.put('2025-03-01', day('2025-03-01', 1, 1050));
    const first = emptyChanges();
    days.take(first);
    days.put('2025-03-01', day('2025-03-01', 2, 2050));
    const second = emptyChanges();
    days.take(second);

    expect(first.daily.inserts.map((r) => r.placed)).to.deep.equal([1]);
    expect(first.daily.upserts).to.deep.equal([]);
    expect(second.daily.inserts).to.deep.equal([]);
    expect(second.daily.upserts.map((r) => r.placed)).to.deep.equal([2]);
  });

  it("writes money held in cents as the table's dollars, and loads it back in cents", () => {
    const days = new KeyedRows(dailyTable, USER, true);
    days.put('2025-03-01', day('2025-03-01', 1, -1234));
    const changes = emptyChanges();
    days.take(changes);
    expect(changes.daily.inserts[0].profit).to.equal(-12.34);

    const loaded = new KeyedRows(dailyTable, USER, true);
    loaded.load(changes.daily.inserts[0]);
    expect(loaded.get('2025-03-01')!.profit).to.equal(-1234);
  });

  it('deletes a removed row by its key columns, and only if the table held it', () => {
    const days = new KeyedRows(dailyTable, USER, true);
    days.load(day('2025-03-01', 1, 0));
    days.put('2025-03-02', day('2025-03-02', 1, 0));
    days.remove('2025-03-01');
    days.remove('2025-03-02');
    const changes = emptyChanges();
    days.take(changes);

    expect(changes.daily.deletes).to.deep.equal([{ user_id: USER, date: '2025-03-01' }]);
    expect(changes.daily.inserts).to.deep.equal([]);
  });

  it('files nothing for a row nobody touched since the last take', () => {
    const goals = new KeyedRows(goalsTable, USER);
    goals.load({ id: 'g1' } as GoalRow);
    const changes = emptyChanges();
    goals.take(changes);
    expect(changes.goals).to.deep.equal({ inserts: [], upserts: [], deletes: [] });
  });

  it('writes a one-per-user row at the first take even unchanged, then only when it changes', () => {
    const stats = new OneRow(userStatsTable, zeroRow(userStatsTable, { user_id: USER }), true);
    const takes = [emptyChanges(), emptyChanges(), emptyChanges()];
    stats.take(takes[0]);
    stats.take(takes[1]);
    stats.row!.wins += 1;
    stats.mark();
    stats.take(takes[2]);

    expect(takes.map((c) => [c.user_stats.inserts.length, c.user_stats.upserts.length])).to.deep.equal([
      [1, 0],
      [0, 0],
      [0, 1],
    ]);
    expect(takes[2].user_stats.upserts[0].wins).to.equal(1);
  });

  it('starts a running sum at zero, with its nullable columns null', () => {
    expect(zeroRow(bankrollTable, { user_id: USER })).to.deep.equal({
      user_id: USER,
      amount: 0,
      deposits: 0,
      withdrawals: 0,
      adjustments: 0,
      settled_profit: 0,
      updated_at: null,
      version: null,
    });
  });
});
