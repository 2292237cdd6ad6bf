import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('user stats, daily and sport distribution projections', () => {
  it('counts wins, losses, pushes and pending; settled stake leaves pending bets out', () => {
    const log = new EventLog().register();
    log.placeBet({ stake: 10, odds: '+100' }, 'win');
    log.placeBet({ stake: 10, odds: '+100' }, 'win');
    log.placeBet({ stake: 20 }, 'loss');
    log.placeBet({ stake: 30 }, 'push');
    log.placeBet({ stake: 40 });

    expect(replayUser(log.events).userStats).to.deep.equal({
      user_id: log.userId,
      bet_count: 5,
      parlay_count: 0,
      wins: 2,
      losses: 1,
      pushes: 1,
      pending: 1,
      settled_stake: 70,
      total_profit: 0,
      voids: 0,
      cashouts: 0,
      odds_count: 5,
      decimal_odds_sum_e4: 100_000,
      units_count: 0,
      profit_units_sum: 0,
      clv_count: 0,
      clv_sum: 0,
      clv_beats: 0,
    });
  });

  it('sums by bet date, not by the time of entry', () => {
    const log = new EventLog().register();
    log.at('2025-03-10T10:00:00Z').placeBet({ date: '2025-01-15', stake: 10, odds: '+150' }, 'win');
    log.at('2025-03-10T11:00:00Z').placeBet({ date: '2025-01-15', stake: 10 }, 'push');
    log.at('2025-03-10T12:00:00Z').placeBet({ date: '2025-03-10', stake: 5 });

    expect(replayUser(log.events).daily).to.deep.equal([
      { user_id: log.userId, date: '2025-01-15', placed: 2, wins: 1, losses: 0, pushes: 1, pending: 0, settled_stake: 20, profit: 15 },
      { user_id: log.userId, date: '2025-03-10', placed: 1, wins: 0, losses: 0, pushes: 0, pending: 1, settled_stake: 0, profit: 0 },
    ]);
  });

  it('keeps cents exact over many sums', () => {
    const log = new EventLog().register();
    for (let i = 0; i < 30; i++) log.placeBet({ stake: 0.1, odds: '+100' }, 'win');
    for (let i = 0; i < 10; i++) log.placeBet({ stake: 0.2, odds: '+100' }, 'loss');

    const { userStats, daily } = replayUser(log.events);
    expect(userStats).to.include({ total_profit: 1, settled_stake: 5 });
    expect(daily[0]).to.include({ profit: 1, settled_stake: 5 });
  });

  it('distributes count and stake of every bet, and profit of settled ones, by sport', () => {
    const log = new EventLog().register();
    log.placeBet({ sport: 'soccer', stake: 10, odds: '+100' }, 'win');
    log.placeBet({ sport: 'soccer', stake: 15 });
    log.placeBet({ sport: 'basketball', stake: 5 }, 'loss');

    expect(replayUser(log.events).sportDistribution).to.deep.equal([
      { user_id: log.userId, sport: 'basketball', count: 1, stake: 5, profit: -5 },
      { user_id: log.userId, sport: 'soccer', count: 2, stake: 25, profit: 10 },
    ]);
  });
});
