import { expect } from 'chai';
import { stats as statsSchema } from '@bt/contracts';
import type { DailyRow, SportDistributionRow, UserStatsRow } from '@bt/read-models';
import { buildStats, statsDaysFrom } from './get-stats';

const U = '0190a000-0000-7000-8000-000000000001';
const day = (date: string, d: Partial<DailyRow>): DailyRow => ({
  user_id: U,
  date,
  placed: 0,
  wins: 0,
  losses: 0,
  pushes: 0,
  pending: 0,
  settled_stake: 0,
  profit: 0,
  ...d,
});
const totals = (t: Partial<UserStatsRow>): UserStatsRow => ({
  user_id: U,
  bet_count: 0,
  parlay_count: 0,
  wins: 0,
  losses: 0,
  pushes: 0,
  pending: 0,
  settled_stake: 0,
  total_profit: 0,
  voids: 0,
  cashouts: 0,
  odds_count: 0,
  decimal_odds_sum_e4: 0,
  units_count: 0,
  profit_units_sum: 0,
  clv_count: 0,
  clv_sum: 0,
  clv_beats: 0,
  ...t,
});
const sport = (s: SportDistributionRow['sport'], count: number, stake: number, profit: number): SportDistributionRow => ({
  user_id: U,
  sport: s,
  count,
  stake,
  profit,
});

describe('stats from the read rows', () => {
  const today = '2024-06-30';
  // Given: 3 wins and 1 loss in the last 30 days, 1 win and 2 losses in the 30 before, one older loss.
  const days = [
    day('2024-01-10', { placed: 1, losses: 1, settled_stake: 100, profit: -100 }),
    day('2024-05-05', { placed: 2, losses: 2, settled_stake: 200, profit: -200 }),
    day('2024-05-20', { placed: 1, wins: 1, settled_stake: 100, profit: 100 }),
    day('2024-06-02', { placed: 2, wins: 2, settled_stake: 200, profit: 190.91 }),
    day('2024-06-29', { placed: 3, wins: 1, losses: 1, pending: 1, settled_stake: 150, profit: 50 }),
  ];
  const rows = {
    totals: totals({ wins: 4, losses: 4, pending: 1, settled_stake: 750, total_profit: 40.91 }),
    days,
    sports: [sport('basketball', 6, 600, 40.91), sport('football', 2, 150, 0), sport('parlay', 1, 50, 0)],
  };

  it('gives win rate and ROI as percents with one decimal, and the record', () => {
    const s = buildStats(rows, today, '30');
    expect(s.winRate).to.equal(50);
    expect(s.roi).to.equal(5.5); // 40.91 / 750
    expect(s.totalProfit).to.equal(40.91);
    expect(s.record).to.deep.equal({ wins: 4, losses: 4, pushes: 0, voids: 0, cashouts: 0, pending: 1 });
    expect(statsSchema.parse(s)).to.deep.equal(s);
  });

  it('counts the bets placed in the last 30 days and compares each figure with the 30 days before', () => {
    const s = buildStats(rows, today, '30');
    expect(s.totalBets).to.equal(5);
    // last 30: 3W 1L, profit 240.91 on 350; before: 1W 2L, profit -100 on 300
    expect(s.trends.winRate).to.equal(oneDecimal(75 - 100 / 3));
    expect(s.trends.totalProfit).to.equal(340.91);
    expect(s.trends.roi).to.equal(oneDecimal((240.91 / 350) * 100 - (-100 / 300) * 100));
    expect(s.trends.totalBets).to.equal(5 - 3);
  });

  it('answers both 30-day windows the trends compare, each with its own figures', () => {
    const s = buildStats(rows, today, '30');
    expect(s.periods).to.deep.equal({
      last30Days: { bets: 5, profit: 240.91, winRate: 75, roi: oneDecimal((240.91 / 350) * 100) },
      previous30Days: { bets: 3, profit: -100, winRate: oneDecimal(100 / 3), roi: oneDecimal((-100 / 300) * 100) },
    });
  });

  it('leaves win rate and ROI of a window without settled bets empty rather than 0', () => {
    const pendingOnly = { totals: totals({ pending: 1 }), days: [day('2024-06-29', { placed: 1 })], sports: [] };
    expect(buildStats(pendingOnly, today, '30').periods).to.deep.equal({
      last30Days: { bets: 1, profit: 0, winRate: null, roi: null },
      previous30Days: { bets: 0, profit: 0, winRate: null, roi: null },
    });
  });

  it('starts the cumulative line at the running total of everything before the range', () => {
    expect(buildStats(rows, today, '30').recentPerformance).to.deep.equal([
      { date: '2024-06-02', cumulativeProfit: -9.09 },
      { date: '2024-06-29', cumulativeProfit: 40.91 },
    ]);
    // over all history the line ends at the true total
    expect(buildStats(rows, today, 'all').recentPerformance.map((p) => p.cumulativeProfit)).to.deep.equal([-100, -300, -200, -9.09, 40.91]);
    expect(buildStats(rows, today, '90').recentPerformance.map((p) => p.date)).to.deep.equal([
      '2024-05-05',
      '2024-05-20',
      '2024-06-02',
      '2024-06-29',
    ]);
  });

  it('shares the bets out by sport by count, to one decimal, biggest first', () => {
    expect(buildStats(rows, today, '30').sportDistribution).to.deep.equal([
      { sport: 'basketball', count: 6, stake: 600, profit: 40.91, percentage: 66.7 },
      { sport: 'football', count: 2, stake: 150, profit: 0, percentage: 22.2 },
      { sport: 'parlay', count: 1, stake: 50, profit: 0, percentage: 11.1 },
    ]);
  });

  it('answers zeros and empty lists for a user with no bets', () => {
    const s = buildStats({ totals: undefined, days: [], sports: [] }, today, '30');
    expect(s).to.deep.equal({
      winRate: 0,
      totalProfit: 0,
      roi: 0,
      totalBets: 0,
      record: { wins: 0, losses: 0, pushes: 0, voids: 0, cashouts: 0, pending: 0 },
      trends: { winRate: 0, totalProfit: 0, roi: 0, totalBets: 0 },
      periods: {
        last30Days: { bets: 0, profit: 0, winRate: null, roi: null },
        previous30Days: { bets: 0, profit: 0, winRate: null, roi: null },
      },
      recentPerformance: [],
      sportDistribution: [],
      averageOdds: null,
      unitsWon: null,
      unitBets: 0,
      allBets: 0,
      averageClv: null,
      beatCloseRate: null,
    });
  });

  it('averages the decimal prices into American text, and answers units and clv from their sums', () => {
    // Given sums of three rows at 2.50, 1.9091 and 2.00; two with a unit size; two with a close, one beating it
    const s = buildStats(
      {
        totals: totals({
          odds_count: 3,
          decimal_odds_sum_e4: 64_091,
          units_count: 2,
          profit_units_sum: 3.5,
          clv_count: 3,
          clv_sum: 10,
          clv_beats: 1,
        }),
        days: [],
        sports: [],
      },
      today,
      '30',
    );
    // Then: mean 2.1364 is +114; 10 / 3 = 3.33; 1 of 3 = 33.3%
    expect(s).to.include({ averageOdds: '+114', unitsWon: 3.5, averageClv: 3.33, beatCloseRate: 33.3 });
  });

  it('reads only as many days as the longer of the range and the two trend windows', () => {
    expect(statsDaysFrom(today, '30')).to.equal('2024-05-02');
    expect(statsDaysFrom(today, '90')).to.equal('2024-04-02');
    expect(statsDaysFrom(today, 'all')).to.equal(undefined);
  });
});

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
