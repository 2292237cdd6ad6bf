import { expect } from 'chai';
import { EVENT_SCHEMA_VERSION, MESSAGES, betRow, streams, type BetRow, type Parlay } from '@bt/contracts';
import type { EventStore, RecordedEvent } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';

const body = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: '-110', outcome: 'pending', notes: '' };

describe('bets over HTTP', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  let bob: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
    ann = await api.signUp('ann');
    bob = await api.signUp('bob');
  });
  after(() => api?.close());

  const place = (extra: Record<string, unknown> = {}, token = ann.token) =>
    api.request<BetRow>('POST', '/api/bets', { token, body: { ...body, ...extra } });

  describe('POST /api/bets', () => {
    it('answers 201 with the history row, profit computed by the server, and X-Log-Position', async () => {
      const answer = await place({ outcome: 'win', odds: '+150', date: '2025-03-01' });
      expect(answer.status).to.equal(201);
      const row = betRow.parse(answer.body);
      expect(row).to.include({
        userId: ann.userId,
        kind: 'bet',
        odds: '+150',
        stake: 50,
        profit: 75,
        outcome: 'win',
        notes: null,
        date: '2025-03-01',
        version: 1,
      });
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
    });

    it('dates a bet today when no date is given, and ignores a userId in the body', async () => {
      const answer = await place({ userId: 1 });
      expect(answer.body).to.include({ date: '2025-03-15', userId: ann.userId, version: 0 });
    });

    it('records BetPlaced (and BetSettled) with userId in the data and occurredAt, commandId, schemaVersion in the metadata', async () => {
      const answer = await place({ outcome: 'loss' });
      const events = await api.stream(streams.bet(answer.body.id));
      expect(events.map((e) => e.type)).to.deep.equal(['BetPlaced', 'BetSettled']);
      for (const event of events) {
        expect(event.data).to.include({ userId: ann.userId, betId: answer.body.id });
        expect(event.metadata).to.include({ occurredAt: '2025-03-15T12:00:00.000Z', schemaVersion: EVENT_SCHEMA_VERSION });
        expect(event.metadata.commandId).to.be.a('string');
      }
    });

    it('answers the spec’s messages for bad input', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ stake: 0 }, MESSAGES.stakePositive],
        [{ stake: 'abc' }, MESSAGES.stakePositive],
        [{ odds: '-99' }, MESSAGES.americanOddsRange],
        [{ odds: '1.0' }, MESSAGES.decimalOddsRange],
        [{ odds: 'abc' }, MESSAGES.oddsFormat],
        [{ sport: 'curling' }, MESSAGES.sportRequired],
        [{ sport: 5 }, MESSAGES.sportRequired],
        [{ event: '  ' }, MESSAGES.eventRequired],
        [{ date: '2025-02-30' }, MESSAGES.dateFormat],
      ];
      for (const [extra, message] of cases) {
        const answer = await place(extra);
        expect(answer.status, JSON.stringify(extra)).to.equal(400);
        expect(answer.body, JSON.stringify(extra)).to.deep.equal({ message });
      }
    });

    it('answers 401 without a token', async () => {
      const answer = await api.request<BetRow>('POST', '/api/bets', { body });
      expect(answer).to.deep.include({ status: 401, body: { message: MESSAGES.unauthorized } });
    });

    it('answers 401 with a token signed by someone else', async () => {
      const forged = ann.token.slice(0, -4) + (ann.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      expect((await place({}, forged)).status).to.equal(401);
    });
  });

  describe('PUT /api/bets/:id', () => {
    it('answers the edited row and records only the changed fields', async () => {
      const { body: placed } = await place();
      const answer = await api.request<BetRow>('PUT', `/api/bets/${placed.id}`, {
        token: ann.token,
        body: { ...body, stake: 80, outcome: 'win' },
      });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.include({ stake: 80, outcome: 'win', profit: 72.73, version: 2 });
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
      const events = await api.stream(streams.bet(placed.id));
      // Each placing and amending event carries its own transparency-log salt.
      const salts = events.slice(0, 2).map((e) => (e.data as { commitmentSalt?: string }).commitmentSalt);
      expect(salts[0]).to.match(/^[0-9a-f]{64}$/);
      expect(salts[1])
        .to.match(/^[0-9a-f]{64}$/)
        .and.not.equal(salts[0]);
      expect(events.slice(1).map((e) => [e.type, e.data])).to.deep.equal([
        ['BetAmended', { userId: ann.userId, betId: placed.id, changes: { stake: 80 }, commitmentSalt: salts[1] }],
        ['BetSettled', { userId: ann.userId, betId: placed.id, outcome: 'win', cashOutAmount: null }],
      ]);
    });

    it('appends nothing when nothing changed', async () => {
      const { body: placed } = await place();
      const answer = await api.request<BetRow>('PUT', `/api/bets/${placed.id}`, { token: ann.token, body });
      expect(answer.status).to.equal(200);
      expect(answer.body.version).to.equal(0);
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
      expect(await api.stream(streams.bet(placed.id))).to.have.length(1);
    });

    it("answers 404 for another user's bet, exactly like a missing one", async () => {
      const { body: placed } = await place();
      const theirs = await api.request<BetRow>('PUT', `/api/bets/${placed.id}`, { token: bob.token, body });
      const missing = await api.request<BetRow>('PUT', '/api/bets/0190a000-0000-7000-8000-00000000ffff', { token: bob.token, body });
      const garbage = await api.request<BetRow>('PUT', '/api/bets/not-an-id', { token: bob.token, body });
      expect(theirs).to.deep.include({ status: 404, body: { message: MESSAGES.betNotFound } });
      expect(missing).to.deep.include({ status: 404, body: theirs.body });
      expect(garbage).to.deep.include({ status: 404, body: theirs.body });
    });

    it('answers 409 for a stale If-Match and appends nothing', async () => {
      const { body: placed } = await place();
      await api.request<BetRow>('PUT', `/api/bets/${placed.id}`, { token: ann.token, body: { ...body, stake: 60 } });
      const stale = await api.request<BetRow>('PUT', `/api/bets/${placed.id}`, {
        token: ann.token,
        body: { ...body, stake: 70 },
        headers: { 'If-Match': '"0"' },
      });
      expect(stale).to.deep.include({ status: 409, body: { message: MESSAGES.staleRevision } });
      const fresh = await api.request<BetRow>('PUT', `/api/bets/${placed.id}`, {
        token: ann.token,
        body: { ...body, stake: 70 },
        headers: { 'If-Match': '"1"' },
      });
      expect(fresh.body).to.include({ stake: 70, version: 2 });
      expect(await api.stream(streams.bet(placed.id))).to.have.length(3);
    });
  });

  describe('DELETE /api/bets/:id', () => {
    it('removes the bet; afterwards it is a 404 for PUT and DELETE', async () => {
      const { body: placed } = await place();
      const answer = await api.request('DELETE', `/api/bets/${placed.id}`, { token: ann.token });
      expect(answer).to.deep.include({ status: 200, body: { message: MESSAGES.betDeleted } });
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
      expect((await api.request('DELETE', `/api/bets/${placed.id}`, { token: ann.token })).status).to.equal(404);
      expect((await api.request<BetRow>('PUT', `/api/bets/${placed.id}`, { token: ann.token, body })).status).to.equal(404);
    });

    it('removes a parlay given its id (history rows mix bets and parlays)', async () => {
      const legs = [
        { sport: 'football', event: 'A', selection: 'A', odds: '+100' },
        { sport: 'football', event: 'B', selection: 'B', odds: '+100' },
      ];
      const { body: created } = await api.request<Parlay>('POST', '/api/parlays', { token: ann.token, body: { stake: 10, legs } });
      const answer = await api.request('DELETE', `/api/bets/${created.id}`, { token: ann.token });
      expect(answer).to.deep.include({ status: 200, body: { message: MESSAGES.parlayDeleted } });
      expect((await api.stream(streams.parlay(created.id))).map((e) => e.type)).to.deep.equal(['ParlayCreated', 'ParlayRemoved']);
    });

    it("answers 404 for another user's bet and leaves it alone", async () => {
      const { body: placed } = await place();
      expect((await api.request('DELETE', `/api/bets/${placed.id}`, { token: bob.token })).status).to.equal(404);
      expect(await api.stream(streams.bet(placed.id))).to.have.length(1);
    });

    it('answers 409 for a stale If-Match', async () => {
      const { body: placed } = await place();
      const answer = await api.request('DELETE', `/api/bets/${placed.id}`, { token: ann.token, headers: { 'If-Match': '"3"' } });
      expect(answer.status).to.equal(409);
    });
  });
});

describe('concurrent edits of one bet', () => {
  let api: TestApi;
  let release: () => void = () => undefined;
  let waiting = 0;
  // Both edits read the stream before either appends: the race the expected revision must catch.
  const barrier = (store: EventStore): EventStore => ({
    ...store,
    append: store.append.bind(store),
    readStream: async (streamId: string): Promise<RecordedEvent[]> => {
      const events = await store.readStream(streamId);
      if (!streamId.startsWith('bet-') || waiting < 0) return events;
      waiting += 1;
      if (waiting === 2) release();
      else await new Promise<void>((resolve) => (release = resolve));
      return events;
    },
  });
  before(async () => {
    api = await startTestApi({ wrapStore: barrier });
  });
  after(() => api?.close());

  it('lets one of two edits loaded at the same revision win and answers the other 409, losing nothing', async () => {
    const ann = await api.signUp('ann');
    const { body: placed } = await api.request<BetRow>('POST', '/api/bets', { token: ann.token, body });
    const [a, b] = await Promise.all([
      api.request<BetRow>('PUT', `/api/bets/${placed.id}`, { token: ann.token, body: { ...body, stake: 60 } }),
      api.request<BetRow>('PUT', `/api/bets/${placed.id}`, { token: ann.token, body: { ...body, stake: 70 } }),
    ]);
    waiting = -1;
    expect([a.status, b.status].sort()).to.deep.equal([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body).to.deep.equal({ message: MESSAGES.staleRevision });
    const winner = a.status === 200 ? a : b;
    const events = await api.stream(streams.bet(placed.id));
    expect(events).to.have.length(2);
    expect(events[1].data).to.deep.include({ changes: { stake: winner.body.stake } });
  });
});
