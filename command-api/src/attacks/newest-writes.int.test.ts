import { expect } from 'chai';
import { MESSAGES, streams, type ProfileAnswer } from '@bt/contracts';
import { startTestApi, type TestApi } from '../testing/http';

/* An attacker's pass on the newest writes: the bankroll ledger, one-tap settle and the public profile. */

describe('attacks on the newest writes', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  let bob: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2026-11-28T12:00:00.000Z') });
    ann = await api.signUp('ann');
    bob = await api.signUp('bob');
  });
  after(() => api?.close());

  const post = (path: string, body?: unknown, token = ann.token, headers: Record<string, string> = {}) =>
    api.request('POST', path, { token, body, headers });
  const types = async (streamId: string) => (await api.stream(streamId)).map((e) => e.type);

  describe('bankroll ledger', () => {
    it('refuses odd amounts and counts with their messages, storing nothing', async () => {
      for (const amount of ['1e3', '0x10', '-0', 'Infinity', 'NaN', -5, 0, '', ' ', null, true, [1], { a: 1 }]) {
        expect(await post('/api/bankroll', { amount }), JSON.stringify(amount)).to.deep.include({
          status: 400,
          body: { message: MESSAGES.fundsAmount },
        });
      }
      expect(await post('/api/bankroll', { amount: 1e300 })).to.deep.include({ status: 400, body: { message: MESSAGES.amountTooLarge } });
      for (const countedBalance of ['1e3', '-1', -0.01, 1e300, 'Infinity', null, '']) {
        expect(await post('/api/bankroll/adjust', { countedBalance }), JSON.stringify(countedBalance)).to.deep.include({
          status: 400,
          body: { message: MESSAGES.countedBalance },
        });
      }
      expect(await post('/api/bankroll', { amount: 5, note: 'a\u0000b' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.unstorableText },
      });
      expect(await types(streams.bankroll(ann.userId))).to.deep.equal([]);
    });

    it('answers 415 for a form body and 413 for an oversized one', async () => {
      expect((await post('/api/bankroll', 'amount=5', ann.token, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).to.equal(
        415,
      );
      expect((await post('/api/bankroll/adjust', { countedBalance: 1, note: 'x'.repeat(1_100_000) })).status).to.equal(413);
    });

    it('lets two undos at once undo one entry each, never the same one twice', async () => {
      const cy = await api.signUp('cy');
      for (const amount of [10, 20]) expect((await post('/api/bankroll', { amount }, cy.token)).status).to.equal(201);
      const answers = await Promise.all([post('/api/bankroll/undo', undefined, cy.token), post('/api/bankroll/undo', undefined, cy.token)]);
      const undone = (await api.stream(streams.bankroll(cy.userId))).filter((e) => e.type === 'BankrollEntryUndone');
      const revisions = undone.map((e) => (e.data as { entryRevision: number }).entryRevision);
      expect(new Set(revisions).size, JSON.stringify(revisions)).to.equal(revisions.length);
      expect(answers.filter((a) => a.status === 200)).to.have.length(revisions.length);
      for (const answer of answers) expect([200, 409]).to.include(answer.status);
    });

    it('keeps another user’s ledger out of reach: an undo only reaches the caller’s entries', async () => {
      const dee = await api.signUp('dee');
      await post('/api/bankroll', { amount: 10 }, dee.token);
      expect(await post('/api/bankroll/undo', undefined, bob.token)).to.deep.include({
        status: 400,
        body: { message: MESSAGES.nothingToUndo },
      });
      expect(await types(streams.bankroll(dee.userId))).to.deep.equal(['FundsAdded']);
    });

    it('answers 400 for an If-Match that is not a version, and 409 for a stale one', async () => {
      const ed = await api.signUp('ed');
      await post('/api/bankroll', { amount: 10 }, ed.token);
      for (const tag of ['"1e3"', '"-1"', '"0x1"', '"99999999999999999999999"', 'abc']) {
        const answer = await post('/api/bankroll/undo', undefined, ed.token, { 'If-Match': tag });
        expect([400, 409], `${tag}: ${JSON.stringify(answer.body)}`).to.include(answer.status);
      }
      expect((await post('/api/bankroll/undo', undefined, ed.token, { 'If-Match': '"5"' })).status).to.equal(409);
      expect(await types(streams.bankroll(ed.userId))).to.deep.equal(['FundsAdded']);
    });
  });

  describe('one-tap settle', () => {
    const bet = { sport: 'hockey', event: 'A @ B', betType: 'moneyline', stake: 20, odds: '+130' };
    const legs = [
      { sport: 'football', event: 'C @ D', selection: 'C', odds: '-110' },
      { sport: 'soccer', event: 'E v F', selection: 'Draw', odds: '+240' },
    ];

    it('settles a bet once when two identical settles race', async () => {
      const { id } = (await post('/api/bets', bet)).body as { id: string };
      const answers = await Promise.all([1, 2, 3].map(() => post(`/api/bets/${id}/settle`, { outcome: 'win' })));
      for (const answer of answers) expect([200, 409]).to.include(answer.status);
      expect(await types(streams.bet(id))).to.deep.equal(['BetPlaced', 'BetSettled']);
    });

    it('answers 404 for a leg index that is not a whole number in range, and for another user’s parlay', async () => {
      const { id } = (await post('/api/parlays', { name: 'P', stake: 10, legs })).body as { id: string };
      for (const index of ['2', '1e3', '-0', '0x1', '1.0', '%20', '9007199254740993', '999']) {
        expect(await post(`/api/parlays/${id}/legs/${index}/settle`, { outcome: 'win' }), index).to.deep.include({
          status: 404,
          body: { message: MESSAGES.legNotFound },
        });
      }
      expect((await post(`/api/parlays/${id}/legs/0/settle`, { outcome: 'win' }, bob.token)).status).to.equal(404);
      expect(await post(`/api/bets/${id}/settle`, { outcome: 'cashout', cashOutAmount: 'NaN' })).to.deep.include({
        status: 400,
        body: { message: MESSAGES.cashOutAmount },
      });
      expect(await types(streams.parlay(id))).to.deep.equal(['ParlayCreated']);
    });
  });

  describe('public profile', () => {
    const put = (token: string, body: Record<string, unknown>) => api.request<ProfileAnswer>('PUT', '/api/profile', { token, body });

    it('refuses NUL, invalid handles and far dates with their messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ handle: 'ann\u0000x', enabled: true }, MESSAGES.handleCharacters],
        [{ handle: 'ann\ud800', enabled: true }, MESSAGES.handleCharacters],
        [{ handle: 'ann-bets', enabled: true, since: '0000-01-01' }, MESSAGES.dateRange],
        [{ handle: 'ann-bets', enabled: true, since: '9999-12-31' }, MESSAGES.dateRange],
      ];
      for (const [body, message] of cases) {
        const answer = await put(ann.token, body);
        expect(answer.status, JSON.stringify(body)).to.equal(400);
        expect(Object.keys(answer.body), JSON.stringify(body)).to.deep.equal(['message']);
        if (answer.body && 'message' in answer.body) expect([message, MESSAGES.dateFormat]).to.include(answer.body.message);
      }
    });

    it('lets two PUTs with different handles at once leave the user one handle, the other let go', async () => {
      const fay = await api.signUp('fay');
      const answers = await Promise.all([
        put(fay.token, { handle: 'fay-one', enabled: true }),
        put(fay.token, { handle: 'fay-two', enabled: true }),
      ]);
      for (const answer of answers) expect(answer.status).to.equal(200);
      const sets = (await api.stream(streams.user(fay.userId))).filter((e) => e.type === 'PublicProfileSet');
      const kept = (sets.at(-1)!.data as { handle: string }).handle;
      const other = kept === 'fay-one' ? 'fay-two' : 'fay-one';
      expect(await types(streams.handle(kept))).to.deep.equal(['HandleReserved']);
      expect(await types(streams.handle(other))).to.deep.equal(['HandleReserved', 'HandleReleased']);
    });

    it('keeps the handle a profile shows reserved when a PUT back to it races a PUT away from it', async () => {
      const gil = await api.signUp('gil');
      await put(gil.token, { handle: 'gil-one', enabled: true });
      // The PUT back starts a little later every third round (0 to 11 ms), so some round lands it
      // between the other's write and its release of the old handle.
      for (let round = 0; round < 36; round++) {
        const answers = await Promise.all([
          put(gil.token, { handle: round % 2 ? 'gil-one' : 'gil-two', enabled: true }),
          new Promise((resolve) => setTimeout(resolve, Math.floor(round / 3))).then(() =>
            put(gil.token, { handle: round % 2 ? 'gil-two' : 'gil-one', enabled: true }),
          ),
        ]);
        for (const answer of answers) expect(answer.status).to.equal(200);
        const sets = (await api.stream(streams.user(gil.userId))).filter((e) => e.type === 'PublicProfileSet');
        const shown = (sets.at(-1)!.data as { handle: string }).handle;
        expect((await types(streams.handle(shown))).at(-1), `round ${round}: ${shown}`).to.equal('HandleReserved');
      }
    });
  });
});
