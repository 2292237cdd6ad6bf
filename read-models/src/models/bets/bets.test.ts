import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('bets projection', () => {
  it('records a placed bet as pending with no profit, versioned at its first revision', () => {
    const log = new EventLog().register();
    const betId = log.placeBet({ odds: '+150', stake: 40, notes: 'lean', date: '2025-02-10' });

    const [bet] = replayUser(log.events).bets;
    expect(bet).to.include({ id: betId, kind: 'bet', sport: 'football', bet_type: 'moneyline', odds: '+150', stake: 40 });
    expect(bet).to.include({ profit: 0, outcome: 'pending', notes: 'lean', date: '2025-02-10', version: 0 });
    expect(bet).to.include({ parlay_id: null, is_part_of_parlay: false, leg_count: null });
  });

  it('computes profit by outcome: win at the odds, loss of the stake, nothing for a push', () => {
    const log = new EventLog().register();
    const plus = log.placeBet({ odds: '+150', stake: 40 }, 'win');
    const minus = log.placeBet({ odds: '-110', stake: 55 }, 'win');
    const lost = log.placeBet({ odds: '-110', stake: 25 }, 'loss');
    const pushed = log.placeBet({ odds: '+200', stake: 30 }, 'push');

    const profit = Object.fromEntries(replayUser(log.events).bets.map((b) => [b.id, b.profit]));
    expect(profit).to.deep.equal({ [plus]: 60, [minus]: 50, [lost]: -25, [pushed]: 0 });
  });

  it('resets profit when a settled bet goes back to pending', () => {
    const log = new EventLog().register();
    const betId = log.placeBet({ odds: '+120', stake: 10 }, 'win');
    log.settleBet(betId, 'pending');

    const { bets, userStats } = replayUser(log.events);
    expect(bets[0]).to.include({ outcome: 'pending', profit: 0, version: 2 });
    expect(userStats).to.include({ wins: 0, pending: 1, total_profit: 0, settled_stake: 0 });
  });

  it('recomputes the profit of a settled bet when its odds or stake are amended', () => {
    const log = new EventLog().register();
    const betId = log.placeBet({ odds: '+100', stake: 100 }, 'win');
    log.amendBet(betId, { odds: '+250', stake: 20 });

    const { bets, userStats, bankroll } = replayUser(log.events);
    expect(bets[0]).to.include({ odds: '+250', stake: 20, profit: 50, outcome: 'win', version: 2 });
    expect(userStats).to.include({ total_profit: 50, settled_stake: 20 });
    expect(bankroll).to.include({ settled_profit: 50, amount: 50 });
  });

  it('moves placed count, stake and profit to the new day and sport when a bet is amended', () => {
    const log = new EventLog().register();
    log.placeBet({ sport: 'soccer', date: '2025-03-02', stake: 10 }, 'loss');
    const betId = log.placeBet({ sport: 'soccer', date: '2025-03-02', stake: 20 }, 'win');
    log.amendBet(betId, { date: '2025-03-05', sport: 'hockey' });

    const { daily, sportDistribution } = replayUser(log.events);
    expect(daily.map((d) => [d.date, d.placed, d.wins, d.losses, d.profit, d.settled_stake])).to.deep.equal([
      ['2025-03-02', 1, 0, 1, -10, 10],
      ['2025-03-05', 1, 1, 0, 20, 20],
    ]);
    expect(sportDistribution.map((s) => [s.sport, s.count, s.stake, s.profit])).to.deep.equal([
      ['hockey', 1, 20, 20],
      ['soccer', 1, 10, -10],
    ]);
  });

  it('keeps the notes when an amend does not mention them, and clears them when it sets null', () => {
    const log = new EventLog().register();
    const kept = log.placeBet({ notes: 'value' });
    log.amendBet(kept, { stake: 5 });
    const cleared = log.placeBet({ notes: 'value' });
    log.amendBet(cleared, { notes: null });

    const notes = Object.fromEntries(replayUser(log.events).bets.map((b) => [b.id, b.notes]));
    expect(notes).to.deep.equal({ [kept]: 'value', [cleared]: null });
  });

  it('deletes a removed bet and takes it out of every total, emptied days and sports included', () => {
    const log = new EventLog().register();
    const kept = log.placeBet({ sport: 'football', date: '2025-03-01', stake: 10, odds: '+100' }, 'win');
    const removed = log.placeBet({ sport: 'baseball', date: '2025-03-03', stake: 30 }, 'loss');
    log.removeBet(removed);

    const rows = replayUser(log.events);
    expect(rows.bets.map((b) => b.id)).to.deep.equal([kept]);
    expect(rows.userStats).to.include({ bet_count: 1, wins: 1, losses: 0, total_profit: 10, settled_stake: 10 });
    expect(rows.daily.map((d) => d.date)).to.deep.equal(['2025-03-01']);
    expect(rows.sportDistribution.map((s) => s.sport)).to.deep.equal(['football']);
    expect(rows.bankroll).to.include({ settled_profit: 10 });
  });

  it('ignores changes to a bet that was removed', () => {
    const log = new EventLog().register();
    const betId = log.placeBet({ stake: 10 });
    log.removeBet(betId);
    log.settleBet(betId, 'win');
    log.amendBet(betId, { stake: 99 });

    const rows = replayUser(log.events);
    expect(rows.bets).to.deep.equal([]);
    expect(rows.userStats).to.include({ bet_count: 0, wins: 0, total_profit: 0 });
  });

  it('lists history newest first by creation', () => {
    const log = new EventLog().register();
    const first = log.at('2025-03-01T10:00:00Z').placeBet({ date: '2025-03-05' });
    const second = log.at('2025-03-02T10:00:00Z').placeBet({ date: '2025-03-01' });

    expect(replayUser(log.events).bets.map((b) => b.id)).to.deep.equal([second, first]);
  });

  it('stamps created_at at placement and updated_at at the last change', () => {
    const log = new EventLog().register();
    const betId = log.at('2025-03-01T10:00:00.000Z').placeBet();
    log.at('2025-03-04T08:30:00.000Z').settleBet(betId, 'loss');

    const [bet] = replayUser(log.events).bets;
    expect(bet.created_at.toISOString()).to.equal('2025-03-01T10:00:00.000Z');
    expect(bet.updated_at.toISOString()).to.equal('2025-03-04T08:30:00.000Z');
  });
});
