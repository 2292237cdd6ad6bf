import { expect } from 'chai';
import { betRow, MESSAGES, parlay as parlaySchema, streams } from '@bt/contracts';
import { startTestApi, type TestApi } from './testing/http';

const bet = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: '-110', outcome: 'pending' };
const legs = [
  { sport: 'football', event: 'Bills @ Jets', selection: 'Bills -3', odds: '+100', outcome: 'pending' },
  { sport: 'football', event: 'Chiefs @ Raiders', selection: 'Over 47.5', odds: '+100', outcome: 'pending' },
];
const parlayBody = { name: 'Double', stake: 10, legs };

describe('settling in one tap over HTTP', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  let bob: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi();
    ann = await api.signUp('ann');
    bob = await api.signUp('bob');
  });
  after(() => api?.close());

  const post = (path: string, body?: unknown, headers: Record<string, string> = {}, token = ann.token) =>
    api.request('POST', path, { token, body, headers });
  const newBet = async () => betRow.parse((await post('/api/bets', bet)).body);
  const newParlay = async () => parlaySchema.parse((await post('/api/parlays', parlayBody)).body);

  describe('POST /api/bets/:id/settle', () => {
    it('settles a bet, cashes it out with its amount, and undoes with a new event', async () => {
      const placed = await newBet();
      const won = await post(`/api/bets/${placed.id}/settle`, { outcome: 'win' });
      expect(won.status).to.equal(200);
      expect(betRow.parse(won.body)).to.include({ outcome: 'win', profit: 45.45, version: 1 });
      const cashed = betRow.parse((await post(`/api/bets/${placed.id}/settle`, { outcome: 'cashout', cashOutAmount: '62.50' })).body);
      expect(cashed).to.include({ outcome: 'cashout', cashOutAmount: 62.5, profit: 12.5 });
      const voided = betRow.parse((await post(`/api/bets/${placed.id}/settle`, { outcome: 'void', cashOutAmount: 5 })).body);
      expect(voided).to.include({ outcome: 'void', cashOutAmount: null, profit: 0 });
      const undone = betRow.parse((await post(`/api/bets/${placed.id}/settle`, { outcome: 'pending' })).body);
      expect(undone).to.include({ outcome: 'pending', profit: 0 });
      const events = await api.stream(streams.bet(placed.id));
      expect(events.map((e) => e.type)).to.deep.equal(['BetPlaced', 'BetSettled', 'BetSettled', 'BetSettled', 'BetSettled']);
      expect(events[2]!.data).to.deep.include({ outcome: 'cashout', cashOutAmount: 62.5 });
    });

    it('refuses a cash-out without a positive amount and an unknown outcome with their messages', async () => {
      const placed = await newBet();
      const url = `/api/bets/${placed.id}/settle`;
      expect(await post(url, { outcome: 'cashout' })).to.deep.include({ status: 400, body: { message: MESSAGES.cashOutRequired } });
      expect(await post(url, { outcome: 'cashout', cashOutAmount: -3 })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.cashOutAmount },
      });
      expect(await post(url, { outcome: 'won' })).to.deep.include({ status: 400, body: { message: MESSAGES.outcomeRequired } });
      expect(await post(url, {})).to.deep.include({ status: 400, body: { message: MESSAGES.outcomeRequired } });
      expect((await api.stream(streams.bet(placed.id))).map((e) => e.type)).to.deep.equal(['BetPlaced']);
    });

    it('answers 409 on a stale If-Match and 404 for another user’s or an unknown id', async () => {
      const placed = await newBet();
      const url = `/api/bets/${placed.id}/settle`;
      await post(url, { outcome: 'loss' });
      expect(await post(url, { outcome: 'win' }, { 'If-Match': '"0"' })).to.deep.include({
        status: 409,
        body: { message: MESSAGES.staleRevision },
      });
      expect((await post(url, { outcome: 'win' }, { 'If-Match': '"1"' })).status).to.equal(200);
      expect(await post(url, { outcome: 'win' }, {}, bob.token)).to.deep.include({ status: 404, body: { message: MESSAGES.betNotFound } });
      expect(await post('/api/bets/0190b9a0-0000-7000-8000-000000000000/settle', { outcome: 'win' })).to.deep.include({
        status: 404,
        body: { message: MESSAGES.betNotFound },
      });
    });

    it('settles a parlay by its history row’s id, and a void or cash-out stands whatever its legs do', async () => {
      const made = await newParlay();
      const won = await post(`/api/bets/${made.id}/settle`, { outcome: 'win' });
      expect(betRow.parse(won.body)).to.include({ kind: 'parlay', outcome: 'win', profit: 30, version: 1 });
      const cashed = betRow.parse((await post(`/api/bets/${made.id}/settle`, { outcome: 'cashout', cashOutAmount: 25 })).body);
      expect(cashed).to.include({ outcome: 'cashout', cashOutAmount: 25, profit: 15 });
      const afterLeg = parlaySchema.parse((await post(`/api/parlays/${made.id}/legs/0/settle`, { outcome: 'loss' })).body);
      expect(afterLeg).to.include({ outcome: 'cashout', profit: 15 });
      const undone = betRow.parse((await post(`/api/bets/${made.id}/settle`, { outcome: 'pending' })).body);
      expect(undone.outcome).to.equal('loss'); // the lost leg decides once the cash-out is undone
      expect(await post(`/api/bets/${made.id}/settle`, { outcome: 'win' }, {}, bob.token)).to.deep.include({
        status: 404,
        body: { message: MESSAGES.betNotFound },
      });
    });
  });

  describe('POST /api/parlays/:id/legs/:index/settle', () => {
    it('settles each leg, the parlay following its legs, and an undo sets both back', async () => {
      const made = await newParlay();
      const first = parlaySchema.parse((await post(`/api/parlays/${made.id}/legs/0/settle`, { outcome: 'win' })).body);
      expect(first.legs.map((l) => l.outcome)).to.deep.equal(['win', 'pending']);
      expect(first.outcome).to.equal('pending');
      const lost = parlaySchema.parse((await post(`/api/parlays/${made.id}/legs/1/settle`, { outcome: 'loss' })).body);
      expect(lost).to.include({ outcome: 'loss', profit: -10, version: 3 });
      // Undo: the leg back to pending, and the parlay its loss had decided with it.
      const undone = parlaySchema.parse((await post(`/api/parlays/${made.id}/legs/1/settle`, { outcome: 'pending' })).body);
      expect(undone.outcome).to.equal('pending');
      const won = parlaySchema.parse((await post(`/api/parlays/${made.id}/legs/1/settle`, { outcome: 'win' })).body);
      expect(won).to.include({ outcome: 'win', profit: 30 });
      const events = await api.stream(streams.parlay(made.id));
      expect(events.map((e) => e.type)).to.deep.equal([
        'ParlayCreated',
        'ParlayAmended',
        'ParlayAmended',
        'ParlaySettled',
        'ParlayAmended',
        'ParlaySettled',
        'ParlayAmended',
        'ParlaySettled',
      ]);
    });

    it('refuses a cashed-out leg, a leg the parlay lacks, a stale version and another user’s parlay', async () => {
      const made = await newParlay();
      const url = (index: string) => `/api/parlays/${made.id}/legs/${index}/settle`;
      expect(await post(url('0'), { outcome: 'cashout' })).to.deep.include({ status: 400, body: { message: MESSAGES.legCashOut } });
      expect(await post(url('2'), { outcome: 'win' })).to.deep.include({ status: 404, body: { message: MESSAGES.legNotFound } });
      expect(await post(url('-1'), { outcome: 'win' })).to.deep.include({ status: 404, body: { message: MESSAGES.legNotFound } });
      expect(await post(url('0'), { outcome: 'win' }, { 'If-Match': '"3"' })).to.deep.include({
        status: 409,
        body: { message: MESSAGES.staleRevision },
      });
      expect(await post(url('0'), { outcome: 'win' }, {}, bob.token)).to.deep.include({
        status: 404,
        body: { message: MESSAGES.parlayNotFound },
      });
      expect((await api.stream(streams.parlay(made.id))).map((e) => e.type)).to.deep.equal(['ParlayCreated']);
    });
  });

  describe('a single bet of type Parlay', () => {
    it('is refused on POST and on a change of type, with the message that points to the Parlays page', async () => {
      expect(await post('/api/bets', { ...bet, betType: 'parlay' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.singleParlay },
      });
      const placed = await newBet();
      expect(await api.request('PUT', `/api/bets/${placed.id}`, { token: ann.token, body: { ...bet, betType: 'parlay' } })).to.deep.include(
        {
          status: 400,
          body: { message: MESSAGES.singleParlay },
        },
      );
    });
  });
});
