import { expect } from 'chai';
import { MESSAGES, parlay as parlaySchema, streams, type Parlay } from '@bt/contracts';
import { startTestApi, type TestApi } from '../testing/http';

const legs = [
  { sport: 'football', event: 'Bills @ Jets', selection: 'Bills -3', odds: '-110', outcome: 'pending' },
  { sport: 'football', event: 'Chiefs @ Raiders', selection: 'Over 47.5', odds: '+120', outcome: 'pending' },
];
const body = { name: 'Sunday', stake: 20, outcome: 'pending', notes: null, legs, totalOdds: '+999', potentialProfit: 1e6, userId: 1 };

describe('parlays over HTTP', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
    ann = await api.signUp('ann');
  });
  after(() => api?.close());

  const create = (extra: Record<string, unknown> = {}) =>
    api.request<Parlay>('POST', '/api/parlays', { token: ann.token, body: { ...body, ...extra } });

  it('answers 201 with the parlay priced by the server, ignoring client totals and userId', async () => {
    const answer = await create();
    expect(answer.status).to.equal(201);
    const parlay = parlaySchema.parse(answer.body);
    expect(parlay).to.deep.include({
      userId: ann.userId,
      totalOdds: '+320',
      potentialProfit: 64.0,
      profit: 0,
      outcome: 'pending',
      date: '2025-03-15',
      version: 0,
    });
    expect(parlay.legs.map((l) => l.date)).to.deep.equal(['2025-03-15', '2025-03-15']);
    expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
  });

  it('dates a parlay sent without a date on its latest leg, follows its legs on an edit, and keeps a date the bettor sends', async () => {
    const dated = [
      { ...legs[0], date: '2024-12-01' },
      { ...legs[1], date: '2024-12-03' },
    ];
    const created = parlaySchema.parse((await create({ legs: dated })).body);
    expect(created).to.deep.include({ date: '2024-12-03', dateSet: false });

    const moved = [
      { ...legs[0], date: '2024-11-01' },
      { ...legs[1], date: '2024-11-02' },
    ];
    const edited = await api.request<Parlay>('PUT', `/api/parlays/${created.id}`, { token: ann.token, body: { stake: 20, legs: moved } });
    expect(parlaySchema.parse(edited.body)).to.deep.include({ date: '2024-11-02', dateSet: false });

    const chosen = await api.request<Parlay>('PUT', `/api/parlays/${created.id}`, {
      token: ann.token,
      body: { stake: 20, legs: dated, date: '2024-12-25' },
    });
    expect(parlaySchema.parse(chosen.body)).to.deep.include({ date: '2024-12-25', dateSet: true });
    const kept = await api.request<Parlay>('PUT', `/api/parlays/${created.id}`, { token: ann.token, body: { stake: 20, legs: moved } });
    expect(parlaySchema.parse(kept.body)).to.deep.include({ date: '2024-12-25', dateSet: true });
    const back = await api.request<Parlay>('PUT', `/api/parlays/${created.id}`, {
      token: ann.token,
      body: { stake: 20, legs: moved, date: null },
    });
    expect(parlaySchema.parse(back.body)).to.deep.include({ date: '2024-11-02', dateSet: false });
  });

  it('names an unnamed parlay "Unnamed Parlay"', async () => {
    expect((await create({ name: '  ' })).body.name).to.equal('Unnamed Parlay');
  });

  it('derives the outcome from settled legs: a lost leg loses, all pushed is a push', async () => {
    const lost = await create({
      outcome: 'win',
      legs: [
        { ...legs[0], outcome: 'win' },
        { ...legs[1], outcome: 'loss' },
      ],
    });
    expect(lost.body).to.include({ outcome: 'loss', profit: -20, version: 1 });
    const pushed = await create({
      legs: [
        { ...legs[0], outcome: 'push' },
        { ...legs[1], outcome: 'push' },
      ],
    });
    expect(pushed.body).to.include({ outcome: 'push', profit: 0 });
  });

  it('answers the spec’s messages for too few or incomplete legs', async () => {
    expect((await create({ legs: [legs[0]] })).body).to.deep.equal({ message: MESSAGES.parlayMinLegs });
    expect((await create({ legs: [legs[0], { ...legs[1], selection: '' }] })).body).to.deep.equal({ message: MESSAGES.parlayIncomplete });
    expect((await create({ legs: [legs[0], { ...legs[1], odds: '+50' }] })).body).to.deep.equal({ message: MESSAGES.americanOddsRange });
    expect((await create({ legs: [legs[0], { ...legs[1], odds: 'evens' }] })).body).to.deep.equal({ message: MESSAGES.oddsFormat });
    expect((await create({ stake: 0 })).body).to.deep.equal({ message: MESSAGES.stakePositive });
  });

  it('edits a parlay: records what changed and re-derives the outcome', async () => {
    const { body: created } = await create();
    const answer = await api.request<Parlay>('PUT', `/api/parlays/${created.id}`, {
      token: ann.token,
      body: {
        ...body,
        id: created.id,
        legs: [
          { ...legs[0], outcome: 'win' },
          { ...legs[1], outcome: 'win' },
        ],
      },
    });
    expect(answer.status).to.equal(200);
    expect(answer.body).to.include({ outcome: 'win', profit: 64, version: 2 });
    const events = await api.stream(streams.parlay(created.id));
    expect(events.map((e) => e.type)).to.deep.equal(['ParlayCreated', 'ParlayAmended', 'ParlaySettled']);
    expect(Object.keys((events[1].data as { changes: object }).changes)).to.deep.equal(['legs']);
  });

  it("answers 404 for another user's parlay and 409 for a stale If-Match", async () => {
    const bob = await api.signUp('bob');
    const { body: created } = await create();
    expect((await api.request<Parlay>('PUT', `/api/parlays/${created.id}`, { token: bob.token, body })).status).to.equal(404);
    expect((await api.request('DELETE', `/api/parlays/${created.id}`, { token: bob.token })).status).to.equal(404);
    const stale = await api.request<Parlay>('PUT', `/api/parlays/${created.id}`, {
      token: ann.token,
      body: { ...body, stake: 30 },
      headers: { 'If-Match': '"5"' },
    });
    expect(stale).to.deep.include({ status: 409, body: { message: MESSAGES.staleRevision } });
  });

  it('deletes a parlay; afterwards it is a 404', async () => {
    const { body: created } = await create();
    const answer = await api.request('DELETE', `/api/parlays/${created.id}`, { token: ann.token });
    expect(answer).to.deep.include({ status: 200, body: { message: MESSAGES.parlayDeleted } });
    expect((await api.request('DELETE', `/api/parlays/${created.id}`, { token: ann.token })).status).to.equal(404);
  });
});
