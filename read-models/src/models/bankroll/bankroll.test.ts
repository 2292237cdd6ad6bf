import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('bankroll projection', () => {
  it('starts every user at zero with no update time', () => {
    const log = new EventLog().register();
    expect(replayUser(log.events).bankroll).to.deep.include({
      amount: 0,
      deposits: 0,
      withdrawals: 0,
      settled_profit: 0,
      updated_at: null,
    });
  });

  it('is deposits minus withdrawals plus settled profit', () => {
    const log = new EventLog().register();
    log.addFunds(500).addFunds(0.1).addFunds(0.2).withdraw(100);
    log.placeBet({ odds: '-110', stake: 11 }, 'win');
    log.placeBet({ stake: 25 }, 'loss');
    log.placeBet({ stake: 40 });

    expect(replayUser(log.events).bankroll).to.include({ deposits: 500.3, withdrawals: 100, settled_profit: -15, amount: 385.3 });
  });

  it('follows bets as they settle, change and are removed', () => {
    const log = new EventLog().register().addFunds(100);
    const betId = log.placeBet({ odds: '+200', stake: 10 });
    expect(replayUser(log.events).bankroll?.amount).to.equal(100);
    log.settleBet(betId, 'win');
    expect(replayUser(log.events).bankroll?.amount).to.equal(120);
    log.amendBet(betId, { stake: 5 });
    expect(replayUser(log.events).bankroll?.amount).to.equal(110);
    log.at('2025-03-09T09:00:00.000Z').removeBet(betId);
    const bankroll = replayUser(log.events).bankroll!;
    expect(bankroll.amount).to.equal(100);
    expect(bankroll.updated_at?.toISOString()).to.equal('2025-03-09T09:00:00.000Z');
  });

  it('does not move its update time for a change that leaves the balance as it was', () => {
    const log = new EventLog().register();
    log.at('2025-03-01T09:00:00.000Z').addFunds(100);
    const betId = log.at('2025-03-02T09:00:00.000Z').placeBet({ stake: 10 });
    log.amendBet(betId, { notes: 'edited', stake: 12 });

    expect(replayUser(log.events).bankroll?.updated_at?.toISOString()).to.equal('2025-03-01T09:00:00.000Z');
  });
});
