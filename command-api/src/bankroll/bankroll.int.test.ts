import { expect } from 'chai';
import { sql } from 'kysely';
import { MESSAGES, streams } from '@bt/contracts';
import { startTestApi, type TestApi } from '../testing/http';

describe('bankroll over HTTP', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api?.close());

  it('records a deposit and answers 201 with the amount and X-Log-Position', async () => {
    const me = await api.signUp('bank');
    const answer = await api.request('POST', '/api/bankroll', { token: me.token, body: { amount: '125.505' } });
    expect(answer).to.deep.include({ status: 201, body: { message: 'Funds added', amount: 125.51 } });
    expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
    const events = await api.stream(streams.bankroll(me.userId));
    expect(events.map((e) => [e.type, e.data])).to.deep.equal([['FundsAdded', { userId: me.userId, amount: 125.51, note: null }]]);
  });

  it('answers "Please enter a valid positive amount" for 0, negatives and text', async () => {
    const me = await api.signUp('bank');
    for (const amount of [0, -5, 'abc', '', null]) {
      const answer = await api.request('POST', '/api/bankroll', { token: me.token, body: { amount } });
      expect(answer, String(amount)).to.deep.include({ status: 400, body: { message: MESSAGES.fundsAmount } });
      const withdrawal = await api.request('POST', '/api/bankroll/withdraw', { token: me.token, body: { amount } });
      expect(withdrawal, String(amount)).to.deep.include({ status: 400, body: { message: MESSAGES.fundsAmount } });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await api.request('POST', '/api/bankroll', { body: { amount: 5 } })).status).to.equal(401);
  });

  describe('withdrawals', () => {
    it('records a withdrawal without a balance check while there is no read model', async () => {
      const me = await api.signUp('bank');
      const answer = await api.request('POST', '/api/bankroll/withdraw', { token: me.token, body: { amount: 10 } });
      expect(answer).to.deep.include({ status: 201, body: { message: 'Funds withdrawn', amount: 10 } });
    });

    it('refuses more than deposits - withdrawals + settled profit (read.bankroll)', async () => {
      const me = await api.signUp('bank');
      // The projector's table, as it would hold this user's settled profit.
      await sql`CREATE SCHEMA IF NOT EXISTS read`.execute(api.db);
      await sql`CREATE TABLE IF NOT EXISTS read.bankroll (user_id text PRIMARY KEY, amount numeric NOT NULL DEFAULT 0,
        deposits numeric NOT NULL DEFAULT 0, withdrawals numeric NOT NULL DEFAULT 0, settled_profit numeric NOT NULL DEFAULT 0, updated_at timestamptz)`.execute(
        api.db,
      );
      await sql`INSERT INTO read.bankroll (user_id, settled_profit) VALUES (${me.userId}, 15.5)`.execute(api.db);
      try {
        await api.request('POST', '/api/bankroll', { token: me.token, body: { amount: 100 } });
        await api.request('POST', '/api/bankroll/withdraw', { token: me.token, body: { amount: 40 } });
        const tooMuch = await api.request('POST', '/api/bankroll/withdraw', { token: me.token, body: { amount: 75.51 } });
        expect(tooMuch).to.deep.include({ status: 400, body: { message: MESSAGES.insufficientFunds } });
        const all = await api.request('POST', '/api/bankroll/withdraw', { token: me.token, body: { amount: 75.5 } });
        expect(all.status).to.equal(201);
      } finally {
        await sql`DROP SCHEMA read CASCADE`.execute(api.db);
      }
    });
  });
});
