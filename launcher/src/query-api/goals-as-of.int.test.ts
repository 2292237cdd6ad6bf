import { expect } from 'chai';
import { MESSAGES, type Goal } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

describe('GET /api/goals?asOf= answers the goals as they stood at the end of that day', function () {
  this.timeout(120_000);
  const NOW = new Date('2025-03-20T12:00:00.000Z');
  const log = new EventLog();
  let h: Harness;
  let head: string;
  let goalId: string;
  let laterGoalId: string;

  before(async () => {
    h = await startHarness({ clock: () => NOW });
    log.at('2025-03-01T09:00:00.000Z').register();
    goalId = log
      .at('2025-03-01T10:00:00.000Z')
      .setGoal({ title: 'Make 500', targetAmount: 500, startDate: '2025-03-01', endDate: '2025-04-01' });
    // A win of $100 recorded on Mar 3 (dated Mar 2, backfilled): the goal's progress moves on Mar 3.
    log.at('2025-03-03T18:00:00.000Z').placeBet({ date: '2025-03-02', odds: '+100', stake: 100, event: 'Early win' }, 'win');
    log.at('2025-03-05T08:00:00.000Z').reviseGoal(goalId, { title: 'Make 600', targetAmount: 600 });
    laterGoalId = log
      .at('2025-03-06T08:00:00.000Z')
      .setGoal({ title: 'A weekly one', timeframe: 'weekly', startDate: '2025-03-06', endDate: '2025-03-13' });
    log.at('2025-03-10T08:00:00.000Z').removeGoal(goalId);
    head = await h.record(log.events);
    await h.settle();
  });

  after(() => h?.close());

  const goalsAsOf = (asOf: string) => h.json<Goal[]>(`/api/goals?asOf=${asOf}`, log.userId, head);

  it('answers for now exactly what the live goals answer', async () => {
    const live = await h.json<Goal[]>('/api/goals', log.userId, head);
    expect(live.map((g) => g.id)).to.deep.equal([laterGoalId]);
    expect(await goalsAsOf(NOW.toISOString())).to.deep.equal(live);
  });

  it('shows a goal before the bet that counted toward it was recorded, with no progress yet', async () => {
    const [goal, ...others] = await goalsAsOf('2025-03-02');
    expect(others).to.deep.equal([]);
    expect(goal).to.include({ id: goalId, title: 'Make 500', targetAmount: 500, currentAmount: 0, progress: 0, status: 'active' });
    // Days left counted from that day, not from today.
    expect(goal.daysLeft).to.equal(30);
  });

  it('shows the progress, the revision and the removal on the days they were recorded', async () => {
    const [afterWin] = await goalsAsOf('2025-03-03');
    expect(afterWin).to.include({ id: goalId, title: 'Make 500', currentAmount: 100, progress: 20, amountToGo: 400 });
    const revised = await goalsAsOf('2025-03-06');
    expect(revised.map((g) => [g.title, g.targetAmount])).to.deep.equal([
      ['Make 600', 600],
      ['A weekly one', 500],
    ]);
    expect((await goalsAsOf('2025-03-10')).map((g) => g.id)).to.deep.equal([laterGoalId]);
  });

  it('answers no goals for a day before the account existed', async () => {
    expect(await goalsAsOf('2025-02-28')).to.deep.equal([]);
  });

  it('refuses a bad asOf with a 400 and the message', async () => {
    for (const bad of ['yesterday', '2025-02-30', '2025-13-01']) {
      const answer = await h.get(`/api/goals?asOf=${bad}`, log.userId);
      expect(answer.status, bad).to.equal(400);
      expect(await answer.json(), bad).to.deep.equal({ message: MESSAGES.asOfParam });
    }
  });
});
