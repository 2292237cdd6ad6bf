import { expect } from 'chai';
import { DATE_RANGE, goalEndDate, isDateInRange } from './dates';
import { formatOdds, profitAtDecimal } from './odds';
import { MAX_PARLAY_ODDS, parlayOddsInRange, parlayOutcome } from './parlay';
import { rowVersion } from './versions';

describe('the ranges the product accepts', () => {
  it('takes real dates from 1900-01-01 to 2099-12-31, the bounds included', () => {
    expect(DATE_RANGE).to.deep.equal({ min: '1900-01-01', max: '2099-12-31' });
    expect(['1900-01-01', '2099-12-31', '2025-02-28'].map(isDateInRange)).to.deep.equal([true, true, true]);
    expect(['1899-12-31', '2100-01-01', '2025-02-30', '25-02-28', '2025-02-28T00:00:00Z'].map(isDateInRange)).to.deep.equal([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes a parlay priced up to +1000000, every leg priced in (pushes too)', () => {
    const legs = (odds: string[], outcome: 'pending' | 'push' = 'pending') => odds.map((o) => ({ odds: o, outcome }));
    expect(MAX_PARLAY_ODDS).to.equal(1_000_000);
    // +9900 twice: 100 x 100 = 10,000 decimal = +999,900
    expect(parlayOddsInRange(legs(['+9900', '+9900']))).to.equal(true);
    // 100 x 100 x 1.01 = 10,100 decimal = +1,009,900
    expect(parlayOddsInRange(legs(['+9900', '+9900', '-10000']))).to.equal(false);
    expect(parlayOddsInRange(legs(['+9900', '+9900', '-10000'], 'push'))).to.equal(false);
    // exactly 10,001 decimal = +1,000,000
    expect(parlayOddsInRange(legs(['+1000000']))).to.equal(true);
  });

  it('reads a leg without an outcome as pending', () => {
    expect(parlayOutcome([{ odds: '+100' }, { odds: '+100', outcome: 'win' }], 'win')).to.equal('win');
    expect(parlayOutcome([{ odds: '+100' }, { odds: '+100', outcome: 'win' }])).to.equal('pending');
  });
});

describe('row versions', () => {
  it('are the revision of the last event as a number, -1 before any', () => {
    expect([rowVersion(0n), rowVersion(7n), rowVersion(undefined)]).to.deep.equal([0, 7, -1]);
  });
});

describe('values the types rule out', () => {
  it('are refused by name rather than answered with a guess', () => {
    expect(() => goalEndDate('2025-03-01', 'fortnightly' as never)).to.throw('Unknown timeframe fortnightly');
    expect(() => profitAtDecimal(10, 2, 'refund' as never)).to.throw('Unknown outcome refund');
    expect(() => formatOdds({ american: '+100', decimal: 2 }, 'hongkong' as never)).to.throw('Unknown odds format hongkong');
  });
});
