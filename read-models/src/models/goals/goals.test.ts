import { expect } from 'chai';
import { goalEndDate, goalProgress } from '@bt/contracts';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

const goalOf = (log: EventLog) => replayUser(log.events).goals[0];

describe('goals projection', () => {
  it('counts the profit of bets and parlays dated inside the window, both ends included', () => {
    const log = new EventLog().register();
    log.setGoal({ startDate: '2025-03-01', endDate: '2025-03-31', targetAmount: 500 });
    log.placeBet({ date: '2025-02-28', stake: 100, odds: '+100' }, 'win');
    log.placeBet({ date: '2025-03-01', stake: 10, odds: '+100' }, 'win');
    log.placeBet({ date: '2025-03-31', stake: 5 }, 'loss');
    log.createParlay([{ outcome: 'win' }, { outcome: 'win' }], { date: '2025-03-15', stake: 10 });
    log.placeBet({ date: '2025-04-01', stake: 100, odds: '+100' }, 'win');

    expect(goalOf(log)).to.include({ current_amount: 35, status: 'active', target_amount: 500 });
  });

  it('counts a daily goal set now on its one day, and one stored with the old next-day end on both, as stored', () => {
    const log = new EventLog().register();
    log.setGoal({ timeframe: 'daily', startDate: '2025-03-10', endDate: goalEndDate('2025-03-10', 'daily'), title: 'New' });
    log.setGoal({ timeframe: 'daily', startDate: '2025-03-10', endDate: '2025-03-11', title: 'Old' });
    log.placeBet({ date: '2025-03-10', stake: 10, odds: '+100' }, 'win');
    log.placeBet({ date: '2025-03-11', stake: 5, odds: '+100' }, 'win');
    const goals = replayUser(log.events).goals;
    expect(goals.find((g) => g.title === 'New')).to.include({ end_date: '2025-03-10', current_amount: 10 });
    expect(goals.find((g) => g.title === 'Old')).to.include({ end_date: '2025-03-11', current_amount: 15 });
  });

  it('completes a goal once its amount is reached, and goes back to active if bets are amended below it', () => {
    const log = new EventLog().register();
    log.setGoal({ targetAmount: 100 });
    const betId = log.placeBet({ stake: 100, odds: '+100', date: '2025-03-10' }, 'win');
    expect(goalOf(log)).to.include({ current_amount: 100, status: 'completed' });

    log.amendBet(betId, { stake: 50 });
    expect(goalOf(log)).to.include({ current_amount: 50, status: 'active' });
  });

  it('is paused while the user pauses it, whatever its amount', () => {
    const log = new EventLog().register();
    const goalId = log.setGoal({ targetAmount: 10 });
    log.reviseGoal(goalId, { paused: true });
    log.placeBet({ stake: 100, odds: '+100', date: '2025-03-10' }, 'win');
    expect(goalOf(log)).to.include({ status: 'paused', paused: true, current_amount: 100, version: 1 });

    log.reviseGoal(goalId, { paused: false });
    expect(goalOf(log)).to.include({ status: 'completed', version: 2 });
  });

  it('recounts the amount when the window is revised', () => {
    const log = new EventLog().register();
    const goalId = log.setGoal({ startDate: '2025-03-01', endDate: '2025-03-31' });
    log.placeBet({ stake: 10, odds: '+100', date: '2025-04-05' }, 'win');
    expect(goalOf(log).current_amount).to.equal(0);

    log.reviseGoal(goalId, { startDate: '2025-04-01', endDate: '2025-04-30', timeframe: 'monthly', title: 'April' });
    expect(goalOf(log)).to.include({ current_amount: 10, start_date: '2025-04-01', end_date: '2025-04-30', title: 'April' });
  });

  it('deletes a removed goal', () => {
    const log = new EventLog().register();
    const goalId = log.setGoal();
    log.removeGoal(goalId);
    expect(replayUser(log.events).goals).to.deep.equal([]);
  });

  it('fails a goal once its window has ended short of the target (computed for "today" by the reader)', () => {
    const log = new EventLog().register();
    log.setGoal({ targetAmount: 100, startDate: '2025-03-01', endDate: '2025-03-31' });
    log.placeBet({ stake: 30, odds: '+100', date: '2025-03-10' }, 'win');
    const goal = goalOf(log);
    const figures = { targetAmount: goal.target_amount, currentAmount: goal.current_amount, endDate: goal.end_date, paused: goal.paused };

    expect(goalProgress(figures, '2025-03-20')).to.deep.equal({ status: 'active', progress: 30, daysLeft: 11, amountToGo: 70 });
    expect(goalProgress(figures, '2025-04-01')).to.deep.equal({ status: 'failed', progress: 30, daysLeft: 0, amountToGo: 70 });
  });
});
