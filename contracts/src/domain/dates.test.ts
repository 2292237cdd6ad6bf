import { expect } from 'chai';
import { goalEndDate, isInGoalRange, isIsoDate, resolveAsOf } from './dates';
import { compareLogPositions } from './position';

describe('Dates', () => {
  it('ends a goal on the last day of its timeframe, both ends of its range included', () => {
    expect(goalEndDate('2026-11-01', 'daily')).to.equal('2026-11-01');
    expect(goalEndDate('2026-11-01', 'weekly')).to.equal('2026-11-07');
    expect(goalEndDate('2026-11-01', 'monthly')).to.equal('2026-11-30');
    expect(goalEndDate('2026-01-31', 'monthly')).to.equal('2026-02-28');
    expect(goalEndDate('2026-01-28', 'monthly')).to.equal('2026-02-27');
    expect(goalEndDate('2026-12-31', 'weekly')).to.equal('2027-01-06');
    expect(goalEndDate('2026-01-01', 'yearly')).to.equal('2026-12-31');
    expect(goalEndDate('2024-02-29', 'yearly')).to.equal('2025-02-28');
  });

  it('holds a day in a goal’s range from its start to its end date inclusive', () => {
    const goal = { startDate: '2026-11-01', endDate: '2026-11-30' };
    expect(['2026-10-31', '2026-11-01', '2026-11-30', '2026-12-01'].map((day) => isInGoalRange(day, goal))).to.deep.equal([
      false,
      true,
      true,
      false,
    ]);
    const daily = { startDate: '2026-11-01', endDate: goalEndDate('2026-11-01', 'daily') };
    expect(['2026-11-01', '2026-11-02'].map((day) => isInGoalRange(day, daily))).to.deep.equal([true, false]);
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).to.equal(true);
    expect(isIsoDate('2026-02-30')).to.equal(false);
    expect(isIsoDate('26-2-3')).to.equal(false);
  });

  it('reads asOf as an instant, or a date meaning the end of that day UTC', () => {
    expect(resolveAsOf('2026-03-01')?.toISOString()).to.equal('2026-03-01T23:59:59.999Z');
    expect(resolveAsOf('2026-03-01T10:00:00Z')?.toISOString()).to.equal('2026-03-01T10:00:00.000Z');
    expect(resolveAsOf('yesterday')).to.equal(undefined);
  });

  it('orders log positions as pairs of big integers', () => {
    expect(compareLogPositions('10.5', '9.99')).to.equal(1);
    expect(compareLogPositions('10.5', '10.50')).to.equal(-1);
    expect(compareLogPositions('18446744073709551615.1', '18446744073709551615.1')).to.equal(0);
  });
});
