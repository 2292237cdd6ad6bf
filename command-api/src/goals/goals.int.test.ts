import { expect } from 'chai';
import { MESSAGES, streams, type Goal } from '@bt/contracts';
import { startTestApi, type TestApi } from '../testing/http';

describe('goals over HTTP', () => {
  let api: TestApi;
  let me: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
    me = await api.signUp('goals');
  });
  after(() => api?.close());

  const create = (body: Record<string, unknown>) => api.request<Goal>('POST', '/api/goals', { token: me.token, body });

  it('sets a goal with the defaults: monthly, from today, ending the day before the same day next month, active', async () => {
    const answer = await create({ title: 'March', targetAmount: '500', currentAmount: 999, status: 'active' });
    expect(answer.status).to.equal(201);
    expect(answer.body).to.deep.include({
      userId: me.userId,
      title: 'March',
      targetAmount: 500,
      timeframe: 'monthly',
      startDate: '2025-03-15',
      endDate: '2025-04-14',
      description: null,
      paused: false,
      version: 0,
    });
    expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
  });

  it('answers the spec’s messages for a missing title or amount and a bad amount', async () => {
    expect((await create({ title: ' ', targetAmount: 100 })).body).to.deep.equal({ message: MESSAGES.goalMissing });
    expect((await create({ title: 'X' })).body).to.deep.equal({ message: MESSAGES.goalMissing });
    expect((await create({ title: 'X', targetAmount: '' })).body).to.deep.equal({ message: MESSAGES.goalMissing });
    expect((await create({ title: 'X', targetAmount: 0 })).body).to.deep.equal({ message: MESSAGES.goalAmount });
    expect((await create({ title: 'X', targetAmount: 'lots' })).body).to.deep.equal({ message: MESSAGES.goalAmount });
  });

  it('revises a goal (pausing it) and records only what changed', async () => {
    const { body: goal } = await create({ title: 'Week', targetAmount: 50, timeframe: 'weekly', startDate: '2025-03-10' });
    expect(goal.endDate).to.equal('2025-03-16');
    const answer = await api.request<Goal>('PUT', `/api/goals/${goal.id}`, {
      token: me.token,
      body: { title: 'Week', targetAmount: 80, status: 'paused' },
    });
    expect(answer.body).to.deep.include({ targetAmount: 80, paused: true, endDate: '2025-03-16', version: 1 });
    const events = await api.stream(streams.goal(goal.id));
    expect(events[1].data).to.deep.include({ changes: { targetAmount: 80, paused: true } });
  });

  it("deletes a goal; another user's goal is a 404", async () => {
    const other = await api.signUp('other');
    const { body: goal } = await create({ title: 'Gone', targetAmount: 10 });
    expect((await api.request('DELETE', `/api/goals/${goal.id}`, { token: other.token })).status).to.equal(404);
    expect(await api.request('DELETE', `/api/goals/${goal.id}`, { token: me.token })).to.deep.include({
      status: 200,
      body: { message: MESSAGES.goalDeleted },
    });
    expect(
      (await api.request<Goal>('PUT', `/api/goals/${goal.id}`, { token: me.token, body: { title: 'x', targetAmount: 1 } })).status,
    ).to.equal(404);
  });
});
