import { expect } from 'chai';
import { stats as statsSchema, type Stats } from '@bt/contracts';
import { replayUser } from '@bt/read-models';
import { EventLog } from '@bt/read-models/testing';
import { buildStats } from './get-stats';

/*
 * GET /api/stats's serious bettor's figures, from events to the answer: the projector folds the log
 * (the same code as the live read models) and buildStats answers from its rows, as the live read
 * and an asOf replay both do.
 */
const TODAY = '2025-03-31';
const statsOf = (log: EventLog): Stats => {
  const rows = replayUser(log.events);
  const answer = buildStats({ totals: rows.userStats ?? undefined, days: rows.daily, sports: rows.sportDistribution }, TODAY, 'all');
  expect(statsSchema.parse(answer)).to.deep.equal(answer);
  return answer;
};

describe('stats: closing-line value, void, cash-out, bonus bets and units', () => {
  it('averages clv over the bets with a close, and gives the share that beat it', () => {
    // Given bets at +150 closing +120 (clv 13.64), -110 closing -105 (-2.22), 2.00 closing 1.80 (11.11), one without a close
    const log = new EventLog().register();
    log.placeBet({ odds: '+150', closingOdds: '+120' }, 'win');
    log.placeBet({ odds: '-110', closingOdds: '-105' }, 'loss');
    log.placeBet({ odds: '2.00', closingOdds: '1.80' });
    log.placeBet({ odds: '+100' }, 'win');

    // When the stats are read
    const s = statsOf(log);

    // Then averageClv is the mean of the three closes' clv, and 2 of 3 beat the close
    expect(s.averageClv).to.equal(Math.round(((13.64 - 2.22 + 11.11) / 3) * 100) / 100);
    expect(s.beatCloseRate).to.equal(66.7);
  });

  it('answers no clv figures without closing odds', () => {
    // Given bets without closes
    const log = new EventLog().register();
    log.placeBet({ odds: '+150' }, 'win');

    // When / Then
    expect(statsOf(log)).to.include({ averageClv: null, beatCloseRate: null, unitsWon: null });
  });

  it('records voids and cash-outs, and leaves them out of the win rate and the streaks', () => {
    // Given a win, a loss, a void and a cash-out, in date order win, void, cash-out, loss
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01', odds: '+100', stake: 10 }, 'win');
    log.placeBet({ date: '2025-03-02', stake: 10 }, 'void');
    log.placeBet({ date: '2025-03-03', stake: 10 }, 'cashout', 12);
    log.placeBet({ date: '2025-03-04', stake: 10 }, 'loss');

    // When the stats are read
    const s = statsOf(log);
    const { streaks } = replayUser(log.events);

    // Then the record counts each; win rate is 1 of 2 decided bets
    expect(s.record).to.deep.equal({ wins: 1, losses: 1, pushes: 0, voids: 1, cashouts: 1, pending: 0 });
    expect(s.winRate).to.equal(50);
    // And the streaks go win then loss, the void and the cash-out in between neither extending nor breaking them
    expect(streaks?.recent_streaks.map((x) => [x.type, x.length])).to.deep.equal([
      ['loss', 1],
      ['win', 1],
    ]);
  });

  it("counts a cash-out's profit in profit, ROI and the bankroll", () => {
    // Given a bet of 50 cashed out for 80 and a lost bet of 50
    const log = new EventLog().register();
    log.addFunds(100);
    log.placeBet({ stake: 50 }, 'cashout', 80);
    log.placeBet({ stake: 50 }, 'loss');

    // When the stats and the bankroll are read
    const s = statsOf(log);
    const { bankroll } = replayUser(log.events);

    // Then profit is 30 - 50 = -20 on 100 at risk
    expect(s.totalProfit).to.equal(-20);
    expect(s.roi).to.equal(-20);
    expect(bankroll).to.include({ settled_profit: -20, amount: 80 });
  });

  it("keeps bonus stakes out of ROI's denominator and the staked totals; their winnings count", () => {
    // Given a won bonus bet of 20 at +150 (profit 30) and a lost bet of 100 of the bettor's own money
    const log = new EventLog().register();
    log.placeBet({ sport: 'soccer', stake: 20, odds: '+150', bonusBet: true, date: '2025-03-20' }, 'win');
    log.placeBet({ sport: 'soccer', stake: 100, date: '2025-03-20' }, 'loss');

    // When the stats are read
    const s = statsOf(log);

    // Then profit is 30 - 100, ROI over the 100 at risk only, and the sport's stake is the 100 staked
    expect(s.totalProfit).to.equal(-70);
    expect(s.roi).to.equal(-70);
    expect(s.periods.last30Days).to.include({ profit: -70, roi: -70 });
    expect(s.sportDistribution).to.deep.equal([{ sport: 'soccer', count: 2, stake: 100, profit: -70, percentage: 100 }]);
  });

  it('leaves void stakes out of ROI, and counts push and cash-out stakes', () => {
    // Given a void of 500, a push of 100, a cash-out of 100 for 150 and a win of 100 at +100
    const log = new EventLog().register();
    log.placeBet({ stake: 500 }, 'void');
    log.placeBet({ stake: 100 }, 'push');
    log.placeBet({ stake: 100 }, 'cashout', 150);
    log.placeBet({ stake: 100, odds: '+100' }, 'win');

    // When / Then: 150 profit on 300 at risk
    expect(statsOf(log)).to.include({ totalProfit: 150, roi: 50 });
  });

  it('sums units won over the bets placed with a unit size, at the size of their placement', () => {
    // Given a unit size of 25 when a bet of 50 won at +100, then of 10 when a bet of 20 lost, and a bet with none
    const log = new EventLog().register();
    log.setUnitSize(25);
    log.placeBet({ stake: 50, odds: '+100', unitSize: 25 }, 'win');
    log.setUnitSize(10);
    log.placeBet({ stake: 20, unitSize: 10 }, 'loss');
    log.setUnitSize(null);
    log.placeBet({ stake: 1000, odds: '+100' }, 'win');

    // When / Then: +2 units - 2 units; the bet without a unit size counts in no unit figure
    expect(statsOf(log).unitsWon).to.equal(0);
  });

  it('answers the average odds of every bet and parlay as American text', () => {
    // Given a bet at +150 (2.50), one at 1.50 and a parlay of two legs at +100 (4.00)
    const log = new EventLog().register();
    log.placeBet({ odds: '+150' });
    log.placeBet({ odds: '1.50' }, 'win');
    log.createParlay([{ odds: '+100' }, { odds: '+100' }]);

    // When / Then: the mean decimal price is 8.00 / 3 = 2.6667, +167
    expect(statsOf(log).averageOdds).to.equal('+167');
  });
});
