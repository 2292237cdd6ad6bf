import { expect } from 'chai';
import { MESSAGES, streams, type Goal, type MessageResponse, type Parlay } from '@bt/contracts';
import { emailStream } from './users/email-reservation';
import { startTestApi, type TestApi } from './testing/http';

/** What an attacker tried against the write side, each answered at the boundary. */
describe('command-api boundary', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  let bob: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
    ann = await api.signUp('ann');
    bob = await api.signUp('bob');
  });
  after(() => api?.close());

  const bet = { sport: 'hockey', event: 'Leafs @ Habs', betType: 'moneyline', stake: 20, odds: '+130', outcome: 'pending' };
  const legs = [
    { sport: 'football', event: 'A @ B', selection: 'A', odds: '-110' },
    { sport: 'soccer', event: 'C v D', selection: 'Draw', odds: '+240' },
  ];
  const parlay = { name: 'Sunday', stake: 10, legs };
  const goal = { title: 'March', targetAmount: 100 };
  const entry = { title: 'Day one', content: 'Felt good', tags: 'a,b' };
  const post = (path: string, body: unknown, token = ann.token) => api.request('POST', path, { token, body });
  const created = async (path: string, body: unknown, token = ann.token) => {
    const answer = await post(path, body, token);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body as { id: string; version: number };
  };

  describe('dates', () => {
    for (const [timeframe, startDate] of [
      ['weekly', '9999-12-31'],
      ['yearly', '9999-06-01'],
      ['monthly', '9999-12-31'],
    ] as const) {
      it(`refuses a ${timeframe} goal starting ${startDate} (POST and PUT), storing nothing`, async () => {
        expect(await post('/api/goals', { ...goal, timeframe, startDate })).to.deep.include({
          status: 400,
          body: { message: MESSAGES.dateRange },
        });
        const { id } = await created('/api/goals', goal);
        const put = await api.request<Goal>('PUT', `/api/goals/${id}`, { token: ann.token, body: { ...goal, timeframe, startDate } });
        expect(put).to.deep.include({ status: 400, body: { message: MESSAGES.dateRange } });
        expect(await api.stream(streams.goal(id))).to.have.length(1);
      });
    }

    it('refuses a goal whose computed end would pass 2099-12-31, and keeps ends plain YYYY-MM-DD', async () => {
      expect(await post('/api/goals', { ...goal, timeframe: 'yearly', startDate: '2099-06-01' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.goalEndTooLate },
      });
      const { id } = await created('/api/goals', goal);
      const put = await api.request<Goal>('PUT', `/api/goals/${id}`, {
        token: ann.token,
        body: { ...goal, timeframe: 'weekly', startDate: '2099-12-31' },
      });
      expect(put).to.deep.include({ status: 400, body: { message: MESSAGES.goalEndTooLate } });
      const ok = await created('/api/goals', { ...goal, timeframe: 'yearly', startDate: '2099-01-01' });
      expect((ok as unknown as { endDate: string }).endDate).to.equal('2099-12-31');
    });

    it('refuses far dates on bets, parlay legs and journal entries', async () => {
      expect(await post('/api/bets', { ...bet, date: '9999-12-31' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.dateRange },
      });
      expect(await post('/api/parlays', { ...parlay, legs: [{ ...legs[0], date: '1066-10-14' }, legs[1]] })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.dateRange },
      });
      expect(await post('/api/journal', { ...entry, date: '2100-01-01' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.dateRange },
      });
    });
  });

  describe('text Postgres cannot store', () => {
    const bad = ['a\u0000b', '\ud800', 'x\udfff'];
    const cases: [string, string, (text: string) => unknown][] = [
      ['POST', '/api/bets', (t) => ({ ...bet, event: t })],
      ['POST', '/api/bets', (t) => ({ ...bet, notes: t })],
      ['POST', '/api/parlays', (t) => ({ ...parlay, name: t })],
      ['POST', '/api/parlays', (t) => ({ ...parlay, notes: t })],
      ['POST', '/api/parlays', (t) => ({ ...parlay, legs: [{ ...legs[0], event: t }, legs[1]] })],
      ['POST', '/api/parlays', (t) => ({ ...parlay, legs: [legs[0], { ...legs[1], selection: t }] })],
      ['POST', '/api/goals', (t) => ({ ...goal, title: t })],
      ['POST', '/api/goals', (t) => ({ ...goal, description: t })],
      ['POST', '/api/journal', (t) => ({ ...entry, title: t })],
      ['POST', '/api/journal', (t) => ({ ...entry, content: t })],
      ['POST', '/api/journal', (t) => ({ ...entry, tags: [t] })],
    ];

    it('answers 400 with one message for a NUL or a lone surrogate in any text field', async () => {
      for (const [method, path, body] of cases) {
        for (const text of bad) {
          const answer = await api.request<MessageResponse>(method, path, { token: ann.token, body: body(text) });
          expect({ path, text, ...answer.body, status: answer.status }).to.deep.equal({
            path,
            text,
            status: 400,
            message: MESSAGES.unstorableText,
          });
        }
      }
    });

    it('answers 400 on PUT too', async () => {
      const { id: betId } = await created('/api/bets', bet);
      const { id: entryId } = await created('/api/journal', entry);
      for (const [path, body] of [
        [`/api/bets/${betId}`, { ...bet, notes: '\u0000' }],
        [`/api/journal/${entryId}`, { ...entry, tags: '\ud800' }],
      ] as const) {
        expect(await api.request('PUT', path, { token: ann.token, body })).to.deep.include({
          status: 400,
          body: { message: MESSAGES.unstorableText },
        });
      }
    });

    it('refuses such a username without reserving the e-mail, so the address registers at once after', async () => {
      const email = 'nul.username@example.com';
      for (const username of ['a\u0000b', 'ab\ud800']) {
        const answer = await api.request('POST', '/api/auth/register', { body: { email, password: 'secret1', username } });
        expect(answer).to.deep.include({ status: 400, body: { message: MESSAGES.unstorableText } });
      }
      expect(await api.stream(emailStream(email))).to.deep.equal([]);
      expect((await api.request('POST', '/api/auth/register', { body: { email, password: 'secret1', username: 'fine' } })).status).to.equal(
        201,
      );
    });
  });

  describe('amounts and odds', () => {
    it('refuses amounts that round to 0 cents with the amount’s own message', async () => {
      expect(await post('/api/bets', { ...bet, stake: 0.001 })).to.deep.include({ status: 400, body: { message: MESSAGES.stakePositive } });
      expect(await post('/api/parlays', { ...parlay, stake: '0.004' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.stakePositive },
      });
      expect(await post('/api/bankroll', { amount: 0.004 })).to.deep.include({ status: 400, body: { message: MESSAGES.fundsAmount } });
      expect(await post('/api/goals', { ...goal, targetAmount: 0.001 })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.goalAmount },
      });
      expect(await api.stream(streams.bankroll(ann.userId))).to.deep.equal([]);
    });

    it('refuses hex and other non-decimal numeric text', async () => {
      expect(await post('/api/bets', { ...bet, stake: '0x10' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.stakePositive },
      });
      expect(await post('/api/bankroll', { amount: '0x10' })).to.deep.include({ status: 400, body: { message: MESSAGES.fundsAmount } });
      expect(await post('/api/bankroll/withdraw', { amount: '1e2' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.fundsAmount },
      });
    });

    it('refuses a parlay priced beyond +1000000 instead of pricing it in exponent form', async () => {
      const many = Array.from({ length: 50 }, (_, i) => ({ sport: 'other', event: `Game ${i}`, selection: 'Home', odds: '+1000000' }));
      expect(await post('/api/parlays', { ...parlay, legs: many })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.parlayOddsTooHigh },
      });
      const { id } = await created('/api/parlays', parlay);
      const put = await api.request<Parlay>('PUT', `/api/parlays/${id}`, { token: ann.token, body: { ...parlay, legs: many } });
      expect(put).to.deep.include({ status: 400, body: { message: MESSAGES.parlayOddsTooHigh } });
    });
  });

  describe("If-Match on another user's record", () => {
    const kinds = [
      { path: '/api/bets', body: bet, notFound: MESSAGES.betNotFound },
      { path: '/api/parlays', body: parlay, notFound: MESSAGES.parlayNotFound },
      { path: '/api/goals', body: goal, notFound: MESSAGES.goalNotFound },
      { path: '/api/journal', body: entry, notFound: MESSAGES.entryNotFound },
    ];
    for (const { path, body, notFound } of kinds) {
      it(`answers 404 for every version on PUT and DELETE ${path}/:id, telling a stranger nothing`, async () => {
        const { id, version } = await created(path, body, bob.token);
        for (const tried of [version, version + 1, version + 2, 7]) {
          const headers = { 'If-Match': `"${tried}"` };
          for (const method of ['PUT', 'DELETE']) {
            const answer = await api.request(method, `${path}/${id}`, {
              token: ann.token,
              body: method === 'PUT' ? body : undefined,
              headers,
            });
            expect({ method, tried, status: answer.status, body: answer.body }).to.deep.equal({
              method,
              tried,
              status: 404,
              body: { message: notFound },
            });
          }
        }
        // Its owner still gets the 409 for a stale version.
        const stale = await api.request('DELETE', `${path}/${id}`, { token: bob.token, headers: { 'If-Match': `"${version + 1}"` } });
        expect(stale.status).to.equal(409);
      });
    }

    it('answers 404 for any version of an id that does not exist', async () => {
      const answer = await api.request('DELETE', '/api/goals/0190a000-0000-7000-8000-00000000abcd', {
        token: ann.token,
        headers: { 'If-Match': '"3"' },
      });
      expect(answer).to.deep.include({ status: 404, body: { message: MESSAGES.goalNotFound } });
    });
  });
});
