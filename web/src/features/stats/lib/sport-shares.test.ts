import { expect } from 'chai';
import { SPORT_COLORS, sportShares } from './sport-shares';

const row = (sport: string, count: number, stake: number, profit: number) => ({ sport, count, stake, profit, percentage: 0 });

describe('sport distribution shares', () => {
  const distribution = [row('football', 2, 100, 50), row('basketball', 6, 50, -20), row('hockey', 2, 300, 10)];

  it('measures by count, largest first, with the fixed colours in order', () => {
    const shares = sportShares(distribution, 'count');
    expect(shares.map((s) => s.sport)).to.deep.equal(['basketball', 'football', 'hockey']);
    expect(shares[0].percent).to.equal(60);
    expect(shares.map((s) => s.color)).to.deep.equal(SPORT_COLORS.slice(0, 3));
  });

  it('measures by amount staked', () => {
    expect(sportShares(distribution, 'amount')[0]).to.include({ sport: 'hockey', value: 300, percent: 66.66666666666666 });
  });

  it('measures by profit, leaving out sports that lost money', () => {
    const shares = sportShares(distribution, 'profit');
    expect(shares.map((s) => s.sport)).to.deep.equal(['football', 'hockey']);
  });

  it('colours slices beyond the fifth grey', () => {
    const many = ['a', 'b', 'c', 'd', 'e', 'f'].map((s, i) => row(s, 10 - i, 1, 1));
    expect(sportShares(many, 'count')[5].color).to.equal('#94a3b8');
  });
});
