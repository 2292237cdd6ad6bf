import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { authResponse, emailChangedResponse, MESSAGES, passwordChangedResponse, streams } from '@bt/contracts';
import { signToken } from '@bt/platform';
import { startTestApi, JWT_SECRET, type TestApi } from '../testing/http';

/**
 * Sessions over HTTP: a change of password or e-mail, and "Log out of all devices", end the
 * sessions they should; a token must expire and name an existing user.
 */
describe('sessions over HTTP', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api?.close());

  const login = async (email: string, password: string) => {
    const answer = await api.request('POST', '/api/auth/login', { body: { email, password } });
    expect(answer.status).to.equal(200);
    return authResponse.parse(answer.body).token;
  };
  /** A write that needs a session: a deposit. Its status says whether the token is good. */
  const write = async (token: string) => (await api.request('POST', '/api/bankroll', { token, body: { amount: 10 } })).status;
  const types = async (userId: string) => (await api.stream(streams.user(userId))).map((e) => e.type);

  describe('a change of password', () => {
    it('ends every other session and answers a fresh token that works at once', async () => {
      const me = await api.signUp('pw-sessions');
      const laptop = await login(me.email, me.password);
      const phone = await login(me.email, me.password);
      const answer = await api.request('PUT', '/api/auth/update-password', {
        token: laptop,
        body: { currentPassword: me.password, newPassword: 'brand-new', confirmPassword: 'brand-new' },
      });
      expect(answer.status).to.equal(200);
      const { token } = passwordChangedResponse.parse(answer.body);
      // Signed within the same second as the revocation: it must still be this session's token.
      expect(await write(token)).to.equal(201);
      expect(await write(phone)).to.equal(401);
      expect(await write(laptop)).to.equal(401);
      expect(await write(me.token)).to.equal(401);
      expect(await types(me.userId)).to.deep.equal(['UserRegistered', 'PasswordChanged', 'SessionsRevoked']);
    });

    it('answers the revoked token 401 with the usual message', async () => {
      const me = await api.signUp('pw-message');
      await api.request('PUT', '/api/auth/update-password', {
        token: me.token,
        body: { currentPassword: me.password, newPassword: 'brand-new', confirmPassword: 'brand-new' },
      });
      const answer = await api.request('POST', '/api/bankroll', { token: me.token, body: { amount: 10 } });
      expect(answer).to.deep.include({ status: 401, body: { message: MESSAGES.unauthorized } });
    });

    it('keeps every session when the current password is wrong', async () => {
      const me = await api.signUp('pw-wrong');
      const other = await login(me.email, me.password);
      const answer = await api.request('PUT', '/api/auth/update-password', {
        token: me.token,
        body: { currentPassword: 'not-it', newPassword: 'brand-new', confirmPassword: 'brand-new' },
      });
      expect(answer.status).to.equal(400);
      expect(await write(other)).to.equal(201);
      expect(await write(me.token)).to.equal(201);
    });
  });

  describe('a change of e-mail', () => {
    it('ends every other session and answers a fresh token with the user', async () => {
      const me = await api.signUp('mail-sessions');
      const other = await login(me.email, me.password);
      const answer = await api.request('PUT', '/api/auth/update-email', { token: me.token, body: { newEmail: `x${me.email}` } });
      expect(answer.status).to.equal(200);
      const { token, user } = emailChangedResponse.parse(answer.body);
      expect(user.email).to.equal(`x${me.email}`);
      expect(await write(token)).to.equal(201);
      expect(await write(other)).to.equal(401);
      expect(await write(me.token)).to.equal(401);
      // And the new token keeps working through a second change.
      const again = await api.request('PUT', '/api/auth/update-email', { token, body: { newEmail: `y${me.email}` } });
      expect(await write(emailChangedResponse.parse(again.body).token)).to.equal(201);
    });

    it('ends nothing when the address is the current one', async () => {
      const me = await api.signUp('mail-same');
      const other = await login(me.email, me.password);
      const answer = await api.request('PUT', '/api/auth/update-email', { token: me.token, body: { newEmail: me.email } });
      expect(answer.status).to.equal(200);
      expect(await write(other)).to.equal(201);
      expect(await types(me.userId)).to.deep.equal(['UserRegistered']);
    });
  });

  describe('POST /api/auth/logout-all', () => {
    it('ends every session, this one included; logging in again works', async () => {
      const me = await api.signUp('everywhere');
      const other = await login(me.email, me.password);
      const answer = await api.request('POST', '/api/auth/logout-all', { token: me.token });
      expect(answer).to.deep.include({ status: 200, body: { message: MESSAGES.loggedOutEverywhere } });
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
      expect(await write(me.token)).to.equal(401);
      expect(await write(other)).to.equal(401);
      expect(await types(me.userId)).to.deep.equal(['UserRegistered', 'SessionsRevoked']);
      const fresh = await login(me.email, me.password);
      expect(await write(fresh)).to.equal(201);
    });

    it('answers 401 without a token', async () => {
      expect((await api.request('POST', '/api/auth/logout-all')).status).to.equal(401);
    });
  });

  describe('tokens', () => {
    it('refuses a signed token without an expiry', async () => {
      const me = await api.signUp('no-exp');
      const forever = jwt.sign({}, JWT_SECRET, { subject: me.userId, algorithm: 'HS256' });
      expect(await write(forever)).to.equal(401);
    });

    it('refuses a signed token that would outlive a session', async () => {
      const me = await api.signUp('long-exp');
      const decade = jwt.sign({}, JWT_SECRET, { subject: me.userId, algorithm: 'HS256', expiresIn: '3650d' });
      expect(await write(decade)).to.equal(401);
    });

    it('refuses an expired token', async () => {
      const me = await api.signUp('expired');
      const old = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, JWT_SECRET, { subject: me.userId, algorithm: 'HS256' });
      expect(await write(old)).to.equal(401);
    });

    it('refuses a signed token whose subject is not a user id, and records nothing', async () => {
      for (const subject of ['not-a-uuid', '1', "x' OR 1=1 --"]) {
        const answer = await api.request('POST', '/api/bankroll', { token: signToken(subject, JWT_SECRET), body: { amount: 10 } });
        expect(answer, subject).to.deep.include({ status: 401, body: { message: MESSAGES.unauthorized } });
      }
      expect(await api.stream(streams.bankroll('not-a-uuid'))).to.deep.equal([]);
    });

    it('refuses a signed token of a user id nobody registered, and records nothing', async () => {
      const ghost = '0190a000-0000-7000-8000-00000000beef';
      const answer = await api.request('POST', '/api/bankroll', { token: signToken(ghost, JWT_SECRET), body: { amount: 10 } });
      expect(answer).to.deep.include({ status: 401, body: { message: MESSAGES.unauthorized } });
      expect(await api.stream(streams.bankroll(ghost))).to.deep.equal([]);
    });

    it('accepts a token signed before sessions had generations, until the user’s first revocation', async () => {
      const me = await api.signUp('legacy');
      const legacy = jwt.sign({}, JWT_SECRET, { subject: me.userId, algorithm: 'HS256', expiresIn: '30d' });
      expect(await write(legacy)).to.equal(201);
      await api.request('POST', '/api/auth/logout-all', { token: me.token });
      expect(await write(legacy)).to.equal(401);
    });

    it('knows a user registered before the sessions table (no row) from their stream, revocations included', async () => {
      const me = await api.signUp('before-table');
      const other = await login(me.email, me.password);
      await api.pool.query('DELETE FROM auth.sessions WHERE user_id = $1', [me.userId]);
      expect(await write(me.token)).to.equal(201);

      // A revocation whose row is gone is still found in the log.
      await api.request('POST', '/api/auth/logout-all', { token: me.token });
      await api.pool.query('DELETE FROM auth.sessions WHERE user_id = $1', [me.userId]);
      expect(await write(other)).to.equal(401);
      expect(await write(await login(me.email, me.password))).to.equal(201);
    });
  });
});
