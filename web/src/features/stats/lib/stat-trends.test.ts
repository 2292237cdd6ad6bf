import { expect } from 'chai';
import { statTrends } from './stat-trends';

const period = (profit: number, winRate: number | null, roi: number | null) => ({ bets: 1, profit, winRate, roi });

describe('dashboard trend lines', () => {
  it('name both 30-day windows and point up when the last 30 days did better', () => {
    const trends = statTrends({ last30Days: period(185.57, 62.5, 12.3), previous30Days: period(-22, 40, -4) });
    expect(trends.totalProfit).to.deep.equal({ direction: 'up', text: '+$185.57 in the last 30 days, -$22.00 the 30 before' });
    expect(trends.winRate).to.deep.equal({ direction: 'up', text: '62.5% in the last 30 days, 40.0% the 30 before' });
    expect(trends.roi).to.deep.equal({ direction: 'up', text: '+12.3% in the last 30 days, -4.0% the 30 before' });
  });

  it('point down when the last 30 days did worse', () => {
    const trends = statTrends({ last30Days: period(-10, 30, -5), previous30Days: period(0, 50, 0) });
    expect(trends.totalProfit).to.deep.equal({ direction: 'down', text: '-$10.00 in the last 30 days, $0.00 the 30 before' });
    expect(trends.winRate.direction).to.equal('down');
    expect(trends.roi).to.deep.equal({ direction: 'down', text: '-5.0% in the last 30 days, 0.0% the 30 before' });
  });

  it('show no direction when nothing changed as shown', () => {
    const trends = statTrends({ last30Days: period(0, 50, 10.04), previous30Days: period(0.001, 50, 10) });
    expect(trends.totalProfit).to.deep.equal({ direction: 'flat', text: '$0.00 in the last 30 days, $0.00 the 30 before' });
    expect(trends.winRate.direction).to.equal('flat');
    expect(trends.roi.direction).to.equal('flat');
  });

  it('say so when a window has no settled bets, without a direction', () => {
    const trends = statTrends({ last30Days: period(0, null, null), previous30Days: period(50, 100, 50) });
    expect(trends.winRate).to.deep.equal({ direction: 'flat', text: 'No settled bets in the last 30 days, 100.0% the 30 before' });
    expect(statTrends({ last30Days: period(50, 100, 50), previous30Days: period(0, null, null) }).roi).to.deep.equal({
      direction: 'flat',
      text: '+50.0% in the last 30 days, none the 30 before',
    });
    expect(statTrends({ last30Days: period(0, null, null), previous30Days: period(0, null, null) }).winRate.text).to.equal(
      'No settled bets in the last 30 days or the 30 before',
    );
  });
});
