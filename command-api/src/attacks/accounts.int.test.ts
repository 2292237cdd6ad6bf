import { expect } from 'chai';
import { MESSAGES, streams } from '@bt/contracts';
import { signToken } from '@bt/platform';
import { JWT_SECRET, startTestApi, type TestApi } from '../testing/http';

/* An attacker's pass on account deletion, forged and dead tokens on the newest writes, and the reset link's inputs. */

describe('attacks on accounts and tokens', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api?.close());

  const newest: [string, string, unknown][] = [
    ['POST', '/api/bankroll', { amount: 5 }],
    ['POST', '/api/bankroll/withdraw', { amount: 5 }],
    ['POST', '/api/bankroll/adjust', { countedBalance: 5 }],
    ['POST', '/api/bankroll/undo', undefined],
    ['POST', '/api/bets/0190b9a0-0000-7000-8000-000000000000/settle', { outcome: 'win' }],
    ['POST', '/api/parlays/0190b9a0-0000-7000-8000-000000000000/legs/0/settle', { outcome: 'win' }],
    ['PUT', '/api/profile', { handle: 'ghost-page', enabled: true }],
    ['DELETE', '/api/profile', undefined],
    ['DELETE', '/api/account', { password: 'secret-password' }],
  ];

  it('answers 401 to forged, foreign-secret and unknown-user tokens on the newest writes, storing nothing', async () => {
    const ann = await api.signUp('ann');
    const tokens = [
      'not-a-token',
      `${ann.token}x`,
      signToken(ann.userId, 'another-secret-another-secret-0123456789'),
      signToken('0190b9a0-0000-7000-8000-0000000000ff', JWT_SECRET),
      ann.token.replace(/\.[^.]*$/, '.'),
    ];
    for (const token of tokens) {
      for (const [method, path, body] of newest) {
        expect(await api.request(method, path, { token, body }), `${method} ${path} ${token}`).to.deep.include({
          status: 401,
          body: { message: MESSAGES.unauthorized },
        });
      }
    }
    expect(await api.stream(streams.bankroll(ann.userId))).to.deep.equal([]);
  });

  it('answers 401 to a deleted account’s token on every newest write, and the handle it held is free again', async () => {
    const bo = await api.signUp('bo');
    expect((await api.request('PUT', '/api/profile', { token: bo.token, body: { handle: 'bo-gone', enabled: true } })).status).to.equal(
      200,
    );
    expect((await api.request('POST', '/api/bankroll', { token: bo.token, body: { amount: 5 } })).status).to.equal(201);
    expect((await api.request('DELETE', '/api/account', { token: bo.token, body: { password: bo.password } })).status).to.equal(204);
    for (const [method, path, body] of newest) {
      expect(await api.request(method, path, { token: bo.token, body }), `${method} ${path}`).to.deep.include({
        status: 401,
        body: { message: MESSAGES.unauthorized },
      });
    }
    expect(await api.stream(streams.bankroll(bo.userId))).to.deep.equal([]);
  });

  it('refuses a deletion with a NUL, a non-string or a huge password, deleting nothing', async () => {
    const cy = await api.signUp('cy');
    for (const password of [`${'secret-password'}\u0000`, 12345, ['secret-password'], 'x'.repeat(100_000)]) {
      const answer = await api.request('DELETE', '/api/account', { token: cy.token, body: { password } });
      expect(answer.status, JSON.stringify(password).slice(0, 40)).to.equal(400);
    }
    expect((await api.request('POST', '/api/bankroll', { token: cy.token, body: { amount: 5 } })).status).to.equal(201);
  });

  it('answers the reset link’s one message to NUL, huge, non-string and look-alike tokens', async () => {
    const cases: [unknown, string][] = [
      ['a\u0000b', MESSAGES.resetLinkInvalid],
      ['x'.repeat(100_000), MESSAGES.resetLinkInvalid],
      ['ａ'.repeat(43), MESSAGES.resetLinkInvalid],
      [12345, MESSAGES.resetTokenMissing],
      ['', MESSAGES.resetTokenMissing],
    ];
    for (const [token, message] of cases) {
      const answer = await api.request('POST', '/api/auth/reset-password', { body: { token, password: 'new-secret' } });
      expect({ status: answer.status, body: answer.body }, JSON.stringify(token).slice(0, 40)).to.deep.equal({
        status: 400,
        body: { message },
      });
    }
  });
});
