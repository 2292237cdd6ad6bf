import { expect } from 'chai';
import { journalEntry, MESSAGES, type JournalEntry } from '@bt/contracts';
import { startTestApi, type TestApi } from '../testing/http';

describe('journal over HTTP', () => {
  let api: TestApi;
  let me: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
    me = await api.signUp('journal');
  });
  after(() => api?.close());

  const write = (body: Record<string, unknown>) => api.request<JournalEntry>('POST', '/api/journal', { token: me.token, body });

  it('writes an entry with defaults (daily, neutral, today) and tags split on commas', async () => {
    const answer = await write({ title: 'Note', content: 'Stick to the plan.', tags: ' nba, ,tilt,nba ' });
    expect(answer.status).to.equal(201);
    const entry = journalEntry.parse(answer.body);
    expect(entry).to.deep.include({ type: 'daily', mood: 'neutral', date: '2025-03-15', tags: ['nba', 'tilt'], version: 0 });
    expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
  });

  it('answers "Please fill in both title and content" when either is blank', async () => {
    expect((await write({ title: ' ', content: 'x' })).body).to.deep.equal({ message: MESSAGES.journalMissing });
    expect((await write({ title: 'x' })).body).to.deep.equal({ message: MESSAGES.journalMissing });
  });

  it("revises and erases an entry; another user's entry is a 404", async () => {
    const other = await api.signUp('other');
    const { body: entry } = await write({ title: 'Week', content: 'Up 3 units', type: 'weekly' });
    const revised = await api.request<JournalEntry>('PUT', `/api/journal/${entry.id}`, {
      token: me.token,
      body: { title: 'Week 11', content: 'Up 3 units', mood: 'positive' },
    });
    expect(revised.body).to.deep.include({ title: 'Week 11', type: 'weekly', mood: 'positive', version: 1 });
    expect(
      (await api.request<JournalEntry>('PUT', `/api/journal/${entry.id}`, { token: other.token, body: { title: 'x', content: 'y' } }))
        .status,
    ).to.equal(404);
    expect((await api.request('DELETE', `/api/journal/${entry.id}`, { token: me.token })).status).to.equal(200);
    expect((await api.request('DELETE', `/api/journal/${entry.id}`, { token: me.token })).status).to.equal(404);
  });
});
