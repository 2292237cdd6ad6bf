import { expect } from 'chai';
import { stakeQuartiles, wholeMonths } from './get-analytics';

describe('the dollar stake sizes of GET /api/analytics', () => {
  it('are the quartiles of the stakes by nearest rank, each named by its smallest and largest stake', () => {
    // Given eight bets: 5, 10, 10, 15, 20, 25, 50, 100 (boundaries at ranks 2, 4 and 6: 10, 15 and 25)
    const keys = stakeQuartiles([
      { stake: 100, bets: 1 },
      { stake: 5, bets: 1 },
      { stake: 10, bets: 2 },
      { stake: 15, bets: 1 },
      { stake: 20, bets: 1 },
      { stake: 25, bets: 1 },
      { stake: 50, bets: 1 },
    ]);
    expect(Object.fromEntries(keys)).to.deep.equal({
      5: '$5 to $10',
      10: '$5 to $10',
      15: '$15',
      20: '$20 to $25',
      25: '$20 to $25',
      50: '$50 to $100',
      100: '$50 to $100',
    });
  });

  it('merge quartiles that share a stake, and show cents when a stake has them', () => {
    // Given most bets at 25 and one at 12.50: every boundary is 25
    const keys = stakeQuartiles([
      { stake: 25, bets: 9 },
      { stake: 12.5, bets: 1 },
    ]);
    expect([...new Set(keys.values())]).to.deep.equal(['$12.50 to $25']);
    expect(stakeQuartiles([])).to.deep.equal(new Map());
  });
});

describe('the months a period of GET /api/analytics reads whole', () => {
  it('are those it covers from their first day to their last, either side open when it has no bound', () => {
    expect(wholeMonths('2025-01-01', '2025-03-31')).to.deep.equal({ first: '2025-01', last: '2025-03' });
    expect(wholeMonths('2025-01-02', '2025-03-30')).to.deep.equal({ first: '2025-02', last: '2025-02' });
    expect(wholeMonths('2024-02-01', '2024-02-29')).to.deep.equal({ first: '2024-02', last: '2024-02' });
    expect(wholeMonths('2025-03-02', '2025-03-31')).to.equal(undefined);
    expect(wholeMonths('2025-01-15', '2025-02-14')).to.equal(undefined);
    expect(wholeMonths(null, '2025-02-27')).to.deep.equal({ first: null, last: '2025-01' });
    expect(wholeMonths('2025-12-31', null)).to.deep.equal({ first: '2026-01', last: null });
  });
});
