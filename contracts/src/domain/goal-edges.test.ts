import { expect } from 'chai';
import { goalProgress, goalStatus } from './goals';

const goal = { targetAmount: 200, currentAmount: 50, endDate: '2025-03-31', paused: false };

describe('goal status and progress at the edges', () => {
  it('is completed the moment the current amount equals the target', () => {
    expect(goalStatus({ ...goal, currentAmount: 200 })).to.equal('completed');
    expect(goalStatus({ ...goal, currentAmount: 199.99 })).to.equal('active');
  });

  it('is active, not failed, when no day is given, even for a window long gone', () => {
    expect(goalStatus({ ...goal, endDate: '2000-01-01' })).to.equal('active');
  });

  it('shows no progress for a target of zero instead of dividing by it', () => {
    expect(goalProgress({ ...goal, targetAmount: 0, currentAmount: 0 }, '2025-03-21').progress).to.equal(0);
  });
});
