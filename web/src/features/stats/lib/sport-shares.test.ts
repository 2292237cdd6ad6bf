import { expect } from 'chai';
import { SPORT_COLORS } from '../../../lib/sport-colors';
import { sportProfits, sportShares } from './sport-shares';

const row = (sport: string, count: number, stake: number, profit: number) => ({ sport, count, stake, profit, percentage: 0 });

describe('sport distribution shares', () => {
  const distribution = [row('football', 2, 100, 50), row('basketball', 6, 50, -20), row('hockey', 2, 300, 10)];

  it('measures by count, largest first, each sport in its own colour', () => {
    const shares = sportShares(distribution, 'count');
    expect(shares.map((s) => s.sport)).to.deep.equal(['basketball', 'football', 'hockey']);
    expect(shares[0].percent).to.equal(60);
    expect(shares.map((s) => s.color)).to.deep.equal([SPORT_COLORS.basketball, SPORT_COLORS.football, SPORT_COLORS.hockey]);
  });

  it('measures by amount staked', () => {
    expect(sportShares(distribution, 'amount')[0]).to.include({ sport: 'hockey', value: 300, percent: 66.66666666666666 });
  });

  it('gives a sport the same colour whatever its rank in the measure', () => {
    const colourOf = (measure: 'count' | 'amount') => Object.fromEntries(sportShares(distribution, measure).map((s) => [s.sport, s.color]));
    expect(colourOf('count')).to.deep.equal(colourOf('amount'));
    expect(Object.fromEntries(sportProfits(distribution).map((s) => [s.sport, s.color]))).to.deep.equal(colourOf('count'));
  });

  it('leaves out sports with nothing to share', () => {
    expect(sportShares([row('football', 0, 0, 0), row('soccer', 1, 10, 0)], 'count').map((s) => s.sport)).to.deep.equal(['soccer']);
  });

  it('colours a sport outside the vocabulary as Other', () => {
    expect(sportShares([row('curling', 1, 5, 0)], 'count')[0].color).to.equal(SPORT_COLORS.other);
  });
});

describe('sport profits', () => {
  it('lists every sport, losses included, best first', () => {
    const profits = sportProfits([row('football', 2, 100, 50), row('basketball', 6, 50, -100), row('hockey', 2, 300, 0)]);
    expect(profits.map((p) => [p.sport, p.profit])).to.deep.equal([
      ['football', 50],
      ['hockey', 0],
      ['basketball', -100],
    ]);
  });

  it('scales each bar to the largest gain or loss', () => {
    const profits = sportProfits([row('football', 2, 100, 50), row('basketball', 6, 50, -100), row('hockey', 2, 300, 0)]);
    expect(profits.map((p) => p.extent)).to.deep.equal([50, 0, 100]);
  });

  it('draws no bar when no sport has a profit or a loss yet', () => {
    expect(sportProfits([row('soccer', 1, 10, 0)])).to.deep.equal([{ sport: 'soccer', profit: 0, extent: 0, color: SPORT_COLORS.soccer }]);
  });
});
