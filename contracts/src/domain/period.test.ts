import { expect } from 'chai';
import { periodRange } from './period';

describe('periodRange', () => {
  it('makes "last 30 days" today and the 29 days before it, both ends included', () => {
    expect(periodRange('30', '2025-06-30')).to.deep.equal({ start: '2025-06-01', end: '2025-06-30' });
  });

  it('counts N calendar days for every period', () => {
    for (const [period, start] of [
      ['90', '2025-04-02'],
      ['180', '2025-01-02'],
      ['365', '2024-07-01'],
    ] as const) {
      expect(periodRange(period, '2025-06-30'), period).to.deep.equal({ start, end: '2025-06-30' });
    }
  });

  it('crosses months, years and leap days', () => {
    expect(periodRange('30', '2024-03-01').start).to.equal('2024-02-01');
    expect(periodRange('30', '2025-01-15').start).to.equal('2024-12-17');
  });

  it('leaves the start open for all', () => {
    expect(periodRange('all', '2025-06-30')).to.deep.equal({ start: null, end: '2025-06-30' });
  });
});
