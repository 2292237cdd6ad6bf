import { expect } from 'chai';
import { MESSAGES, streams } from '@bt/contracts';
import { startTestApi, type TestApi } from '../testing/http';

/** Settled profit per user, as the read model would answer it (none: 0). */
const settled = new Map<string, number>();

describe('bankroll ledger over HTTP (adjustments and undo)', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ settledProfit: async (userId) => settled.get(userId) ?? 0 });
  });
  after(() => api?.close());

  const post = (token: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    api.request('POST', `/api/bankroll${path}`, { token, body, headers });
  const types = async (userId: string) => (await api.stream(streams.bankroll(userId))).map((e) => [e.type, e.data]);

  it('records a deposit and a withdrawal with their notes', async () => {
    const me = await api.signUp('ledger');
    expect((await post(me.token, '', { amount: 100, note: '  Payday ' })).status).to.equal(201);
    expect((await post(me.token, '/withdraw', { amount: 30 })).status).to.equal(201);
    expect(await types(me.userId)).to.deep.equal([
      ['FundsAdded', { userId: me.userId, amount: 100, note: 'Payday' }],
      ['FundsWithdrawn', { userId: me.userId, amount: 30, note: null }],
    ]);
  });

  it('records the difference to a counted balance (settled profit included), and nothing when it agrees', async () => {
    const me = await api.signUp('ledger');
    settled.set(me.userId, 15.5);
    await post(me.token, '', { amount: 100 });
    const adjusted = await post(me.token, '/adjust', { countedBalance: '110.25', note: 'Counted' });
    expect(adjusted).to.deep.include({
      status: 201,
      body: { message: MESSAGES.bankrollAdjusted, countedBalance: 110.25, difference: -5.25 },
    });
    expect(adjusted.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
    const same = await post(me.token, '/adjust', { countedBalance: 110.25 });
    expect(same).to.deep.include({ status: 200, body: { message: MESSAGES.bankrollUnchanged, countedBalance: 110.25, difference: 0 } });
    expect((await types(me.userId)).at(-1)).to.deep.equal([
      'BankrollAdjusted',
      { userId: me.userId, countedBalance: 110.25, difference: -5.25, note: 'Counted' },
    ]);
    expect(await types(me.userId)).to.have.length(2);
  });

  it('answers 400 with a message for a counted balance that is negative or not a number', async () => {
    const me = await api.signUp('ledger');
    for (const countedBalance of [-1, 'abc', '', null, '1e3']) {
      const answer = await post(me.token, '/adjust', { countedBalance });
      expect(answer, String(countedBalance)).to.deep.include({ status: 400, body: { message: MESSAGES.countedBalance } });
    }
  });

  it('undoes the last entry that counts as an event of its own, then the one before', async () => {
    const me = await api.signUp('ledger');
    await post(me.token, '', { amount: 100, note: 'First' });
    await post(me.token, '', { amount: 1000, note: 'Typo' });
    const undone = await post(me.token, '/undo');
    expect(undone.status).to.equal(200);
    expect(undone.body).to.deep.include({ message: MESSAGES.bankrollEntryUndone });
    expect((undone.body as { entry: object }).entry).to.deep.include({ revision: 1, kind: 'deposit', amount: 1000, note: 'Typo' });
    expect((await post(me.token, '/undo')).status).to.equal(200);
    expect(await post(me.token, '/undo')).to.deep.include({ status: 400, body: { message: MESSAGES.nothingToUndo } });
    expect((await types(me.userId)).map(([type, data]) => [type, (data as { entryRevision?: number }).entryRevision])).to.deep.equal([
      ['FundsAdded', undefined],
      ['FundsAdded', undefined],
      ['BankrollEntryUndone', 1],
      ['BankrollEntryUndone', 0],
    ]);
  });

  it('answers 409 for an undo or adjustment made on a stale ledger (If-Match), and acts on the current one', async () => {
    const me = await api.signUp('ledger');
    await post(me.token, '', { amount: 50 });
    await post(me.token, '', { amount: 60 });
    expect((await post(me.token, '/undo', undefined, { 'If-Match': '"0"' })).status).to.equal(409);
    expect((await post(me.token, '/adjust', { countedBalance: 1 }, { 'If-Match': '"0"' })).status).to.equal(409);
    expect(await types(me.userId)).to.have.length(2);
    expect((await post(me.token, '/undo', undefined, { 'If-Match': '"1"' })).status).to.equal(200);
    expect((await post(me.token, '/adjust', { countedBalance: 40 }, { 'If-Match': '"2"' })).status).to.equal(201);
  });

  it('refuses a withdrawal beyond the balance, adjustments and undos counted, with a clear message', async () => {
    const me = await api.signUp('ledger');
    await post(me.token, '', { amount: 100 });
    await post(me.token, '/adjust', { countedBalance: 50 });
    await post(me.token, '', { amount: 500 });
    await post(me.token, '/undo');
    expect(await post(me.token, '/withdraw', { amount: 50.01 })).to.deep.include({
      status: 400,
      body: { message: MESSAGES.insufficientFunds },
    });
    expect((await post(me.token, '/withdraw', { amount: 50 })).status).to.equal(201);
  });

  it("keeps another user's ledger apart: an undo only reaches one's own entries", async () => {
    const [me, other] = [await api.signUp('ledger'), await api.signUp('ledger')];
    await post(other.token, '', { amount: 70 });
    expect(await post(me.token, '/undo')).to.deep.include({ status: 400, body: { message: MESSAGES.nothingToUndo } });
    expect(await types(other.userId)).to.have.length(1);
  });

  it('answers 401 without a token', async () => {
    expect((await api.request('POST', '/api/bankroll/undo')).status).to.equal(401);
    expect((await api.request('POST', '/api/bankroll/adjust', { body: { countedBalance: 1 } })).status).to.equal(401);
  });
});
