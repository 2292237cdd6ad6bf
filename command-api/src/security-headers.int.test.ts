import { expect } from 'chai';
import type { AuthResponse, BetRow } from '@bt/contracts';
import { startTestApi, type Answer, type TestApi } from './testing/http';

/** What every browser-facing answer must say about framing, sniffing, referrers and CSP. */
const expectSecurityHeaders = (answer: Answer, where: string) => {
  expect(answer.headers.get('x-frame-options'), where).to.equal('DENY');
  expect(answer.headers.get('content-security-policy'), where).to.include("frame-ancestors 'none'");
  expect(answer.headers.get('content-security-policy'), where).to.include("default-src 'none'");
  expect(answer.headers.get('x-content-type-options'), where).to.equal('nosniff');
  expect(answer.headers.get('referrer-policy'), where).to.equal('no-referrer');
};

describe('command-api security headers', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api?.close());

  it('answers register, login, e-mail and password changes with Cache-Control: no-store', async () => {
    const email = `no-store.${Date.now()}@example.com`;
    const registered = await api.request<AuthResponse>('POST', '/api/auth/register', { body: { email, password: 'secret-password' } });
    expect(registered.status).to.equal(201);
    const token = registered.body.token;
    const loggedIn = await api.request('POST', '/api/auth/login', { body: { email, password: 'secret-password' } });
    expect(loggedIn.status).to.equal(200);
    const emailChanged = await api.request<AuthResponse>('PUT', '/api/auth/update-email', { token, body: { newEmail: `moved.${email}` } });
    expect(emailChanged.status).to.equal(200);
    const passwordChanged = await api.request('PUT', '/api/auth/update-password', {
      token: emailChanged.body.token, // an e-mail change ends every other session
      body: { currentPassword: 'secret-password', newPassword: 'another-password', confirmPassword: 'another-password' },
    });
    expect(passwordChanged.status).to.equal(200);
    const refused = await api.request('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
    expect(refused.status).to.equal(401);
    for (const [where, answer] of Object.entries({ registered, loggedIn, emailChanged, passwordChanged, refused })) {
      expect(answer.headers.get('cache-control'), where).to.equal('no-store');
    }
  });

  it('refuses to be framed and sets nosniff, a Referrer-Policy and a CSP on answers and errors', async () => {
    const { token } = await api.signUp('headers');
    expectSecurityHeaders(
      await api.request<BetRow>('POST', '/api/bets', {
        token,
        body: { sport: 'football', event: 'A v B', betType: 'moneyline', odds: '+100', stake: 10 },
      }),
      'a write',
    );
    expectSecurityHeaders(
      await api.request<BetRow>('POST', '/api/bets', { token, body: '{', headers: { 'Content-Type': 'application/json' } }),
      'a 400',
    );
    expectSecurityHeaders(await api.request<BetRow>('POST', '/api/bets', { body: {} }), 'a 401');
    expectSecurityHeaders(await api.request('POST', '/api/nothing-here'), 'a 404');
  });
});
