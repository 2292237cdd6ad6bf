import { expect } from 'chai';
import { goalProgress, goalStatus } from './goals';

const goal = { targetAmount: 200, currentAmount: 50, endDate: '2025-03-31', paused: false };

describe('goal progress', () => {
  it('is active inside its window while short of the target', () => {
    expect(goalProgress(goal, '2025-03-21')).to.deep.equal({ status: 'active', progress: 25, daysLeft: 10, amountToGo: 150 });
  });

  it('is still active on its last day, and failed the day after', () => {
    expect(goalStatus(goal, '2025-03-31')).to.equal('active');
    expect(goalStatus(goal, '2025-04-01')).to.equal('failed');
  });

  it('is completed once the amount reaches the target, whatever the day', () => {
    expect(goalProgress({ ...goal, currentAmount: 250 }, '2025-05-01')).to.deep.equal({
      status: 'completed',
      progress: 100,
      daysLeft: 0,
      amountToGo: -50,
    });
  });

  it('is paused while paused, and counts a loss as no progress', () => {
    expect(goalProgress({ ...goal, currentAmount: -30, paused: true }, '2025-03-01')).to.deep.equal({
      status: 'paused',
      progress: 0,
      daysLeft: 30,
      amountToGo: 200,
    });
  });

  it('leaves out "failed" when no day is given (the stored status)', () => {
    expect(goalStatus(goal)).to.equal('active');
  });
});
