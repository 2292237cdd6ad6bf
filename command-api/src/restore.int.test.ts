import { expect } from 'chai';
import { betRow, goalWritten, journalEntry, MESSAGES, parlay as parlaySchema, streams } from '@bt/contracts';
import { startTestApi, type TestApi } from './testing/http';

const bet = {
  sport: 'basketball',
  event: 'Lakers @ Celtics',
  betType: 'spread',
  stake: 50,
  odds: '-110',
  outcome: 'pending',
  notes: 'Fade',
};
const legs = [
  { sport: 'football', event: 'Bills @ Jets', selection: 'Bills -3', odds: '-110', outcome: 'win' },
  { sport: 'football', event: 'Chiefs @ Raiders', selection: 'Over 47.5', odds: '+120', outcome: 'pending' },
];

describe('undo and restore over HTTP', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  let bob: Awaited<ReturnType<TestApi['signUp']>>;
  let now = new Date('2025-03-15T12:00:00.000Z');
  before(async () => {
    api = await startTestApi({ clock: () => now });
    ann = await api.signUp('ann');
    bob = await api.signUp('bob');
  });
  after(() => api?.close());

  const post = (path: string, body?: unknown, token = ann.token, headers: Record<string, string> = {}) =>
    api.request('POST', path, { token, body, headers });
  const remove = (path: string, token = ann.token) => api.request('DELETE', path, { token });

  describe('POST /api/bets/:id/restore', () => {
    it('brings a deleted bet back with its full state, as a history row whose version is the restore’s', async () => {
      const placed = betRow.parse((await post('/api/bets', { ...bet, date: '2025-03-01' })).body);
      await api.request('PUT', `/api/bets/${placed.id}`, { token: ann.token, body: { ...bet, stake: 75, outcome: 'win' } });
      expect((await remove(`/api/bets/${placed.id}`)).status).to.equal(200);

      now = new Date('2025-03-16T08:00:00.000Z');
      const answer = await post(`/api/bets/${placed.id}/restore`);
      expect(answer.status).to.equal(200);
      const row = betRow.parse(answer.body);
      expect(row).to.include({ id: placed.id, stake: 75, outcome: 'win', notes: 'Fade', date: '2025-03-01', version: 4 });
      expect(row).to.include({ createdAt: placed.createdAt, updatedAt: '2025-03-16T08:00:00.000Z' });
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
      const events = await api.stream(streams.bet(placed.id));
      expect(events.map((e) => e.type)).to.deep.equal(['BetPlaced', 'BetAmended', 'BetSettled', 'BetRemoved', 'BetRestored']);
      expect(events.at(-1)!.data).to.deep.equal({ userId: ann.userId, betId: placed.id });
      // Back for good: it can be edited and deleted again.
      expect((await api.request('PUT', `/api/bets/${placed.id}`, { token: ann.token, body: { ...bet, stake: 80 } })).status).to.equal(200);
    });

    it('answers 409 for a bet that is not deleted, and 404 for an unknown or another user’s bet', async () => {
      const placed = betRow.parse((await post('/api/bets', bet)).body);
      expect(await post(`/api/bets/${placed.id}/restore`)).to.deep.include({ status: 409, body: { message: MESSAGES.betNotDeleted } });
      await remove(`/api/bets/${placed.id}`);
      expect(await post(`/api/bets/${placed.id}/restore`, undefined, bob.token)).to.deep.include({
        status: 404,
        body: { message: MESSAGES.betNotFound },
      });
      expect(await post('/api/bets/0190b9a0-0000-7000-8000-000000000000/restore')).to.deep.include({
        status: 404,
        body: { message: MESSAGES.betNotFound },
      });
      expect(await post('/api/bets/not-an-id/restore')).to.deep.include({ status: 404, body: { message: MESSAGES.betNotFound } });
      expect((await api.stream(streams.bet(placed.id))).map((e) => e.type)).to.deep.equal(['BetPlaced', 'BetRemoved']);
    });

    it('honours If-Match: a stale version is a 409 and appends nothing', async () => {
      const placed = betRow.parse((await post('/api/bets', bet)).body);
      await remove(`/api/bets/${placed.id}`);
      const stale = await post(`/api/bets/${placed.id}/restore`, undefined, ann.token, { 'If-Match': '"0"' });
      expect(stale).to.deep.include({ status: 409, body: { message: MESSAGES.staleRevision } });
      const fresh = await post(`/api/bets/${placed.id}/restore`, undefined, ann.token, { 'If-Match': '"1"' });
      expect(fresh.status).to.equal(200);
    });

    it('answers a retry with the same Idempotency-Key as the first time and restores once', async () => {
      const placed = betRow.parse((await post('/api/bets', bet)).body);
      await remove(`/api/bets/${placed.id}`);
      const key = { 'Idempotency-Key': `restore-${placed.id}` };
      const first = await post(`/api/bets/${placed.id}/restore`, undefined, ann.token, key);
      const again = await post(`/api/bets/${placed.id}/restore`, undefined, ann.token, key);
      expect(first.status).to.equal(200);
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal(first.body);
      expect((await api.stream(streams.bet(placed.id))).map((e) => e.type)).to.deep.equal(['BetPlaced', 'BetRemoved', 'BetRestored']);
    });

    it('restores a parlay by its history row’s id, answered as that row', async () => {
      const created = parlaySchema.parse((await post('/api/parlays', { name: 'Sunday', stake: 20, legs })).body);
      await remove(`/api/bets/${created.id}`);
      const answer = await post(`/api/bets/${created.id}/restore`);
      expect(answer.status).to.equal(200);
      expect(betRow.parse(answer.body)).to.include({
        id: created.id,
        kind: 'parlay',
        sport: 'parlay',
        event: 'Sunday',
        betType: 'parlay',
        odds: created.totalOdds,
        legCount: 2,
        version: 2,
      });
      expect(await post(`/api/bets/${created.id}/restore`)).to.deep.include({ status: 409, body: { message: MESSAGES.parlayNotDeleted } });
    });
  });

  describe('POST /api/parlays/:id/restore', () => {
    it('brings a deleted parlay back with its legs; 409 when not deleted; 404 for another user', async () => {
      const created = parlaySchema.parse((await post('/api/parlays', { name: 'Late games', stake: 10, legs })).body);
      await remove(`/api/parlays/${created.id}`);
      expect(await post(`/api/parlays/${created.id}/restore`, undefined, bob.token)).to.deep.include({
        status: 404,
        body: { message: MESSAGES.parlayNotFound },
      });
      const answer = await post(`/api/parlays/${created.id}/restore`);
      expect(answer.status).to.equal(200);
      const restored = parlaySchema.parse(answer.body);
      expect(restored.legs).to.deep.equal(created.legs);
      expect(restored).to.include({ name: 'Late games', stake: 10, totalOdds: created.totalOdds, version: 2 });
      expect(await post(`/api/parlays/${created.id}/restore`)).to.deep.include({
        status: 409,
        body: { message: MESSAGES.parlayNotDeleted },
      });
    });
  });

  describe('POST /api/goals/:id/restore', () => {
    it('brings a removed goal back as the user set it; 409 when not removed; 404 for another user', async () => {
      const set = goalWritten.parse((await post('/api/goals', { title: 'March', targetAmount: 500, description: 'Grind' })).body);
      await remove(`/api/goals/${set.id}`);
      expect(await post(`/api/goals/${set.id}/restore`, undefined, bob.token)).to.deep.include({
        status: 404,
        body: { message: MESSAGES.goalNotFound },
      });
      const answer = await post(`/api/goals/${set.id}/restore`);
      expect(answer.status).to.equal(200);
      expect(goalWritten.parse(answer.body)).to.include({ title: 'March', targetAmount: 500, description: 'Grind', version: 2 });
      expect(await post(`/api/goals/${set.id}/restore`)).to.deep.include({ status: 409, body: { message: MESSAGES.goalNotDeleted } });
    });
  });

  describe('POST /api/journal/:id/restore', () => {
    it('brings an erased entry back as it was written; 409 when not erased; 404 for another user', async () => {
      const written = journalEntry.parse((await post('/api/journal', { title: 'Note', content: 'Stick to the plan.', tags: 'nba' })).body);
      await remove(`/api/journal/${written.id}`);
      expect(await post(`/api/journal/${written.id}/restore`, undefined, bob.token)).to.deep.include({
        status: 404,
        body: { message: MESSAGES.entryNotFound },
      });
      const answer = await post(`/api/journal/${written.id}/restore`);
      expect(answer.status).to.equal(200);
      expect(journalEntry.parse(answer.body)).to.deep.include({ title: 'Note', content: 'Stick to the plan.', tags: ['nba'], version: 2 });
      expect(await post(`/api/journal/${written.id}/restore`)).to.deep.include({
        status: 409,
        body: { message: MESSAGES.entryNotDeleted },
      });
    });
  });
});
