import { expect } from 'chai';
import { goalEndDate, isIsoDate, resolveAsOf } from './dates';
import { compareLogPositions } from './position';

describe('Dates', () => {
  it('ends a goal one day, seven days, one month or one year after its start', () => {
    expect(goalEndDate('2026-01-31', 'daily')).to.equal('2026-02-01');
    expect(goalEndDate('2026-01-31', 'weekly')).to.equal('2026-02-07');
    expect(goalEndDate('2026-01-31', 'monthly')).to.equal('2026-02-28');
    expect(goalEndDate('2024-02-29', 'yearly')).to.equal('2025-02-28');
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
