import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { authResponse, MESSAGES, passwordChangedResponse, streams, type EmailChangedResponse } from '@bt/contracts';
import { startTestApi, JWT_SECRET, type TestApi } from '../testing/http';
import { emailStream } from './email-reservation';
import { RESERVATION_GRACE_MS } from './reserve-email';

describe('accounts over HTTP', () => {
  let api: TestApi;
  let now = new Date('2025-03-15T12:00:00.000Z');
  before(async () => {
    api = await startTestApi({ clock: () => now });
  });
  after(() => api?.close());

  const register = (body: Record<string, unknown>) => api.request('POST', '/api/auth/register', { body });
  const login = (email: string, password: string) => api.request('POST', '/api/auth/login', { body: { email, password } });

  describe('POST /api/auth/register', () => {
    it('answers 201 with a token whose subject is the new user, and the user', async () => {
      const answer = await register({ email: 'Reg.One@Example.com', password: 'secret1', username: 'regone', userId: 1 });
      expect(answer.status).to.equal(201);
      const { token, user } = authResponse.parse(answer.body);
      expect(user).to.deep.equal({ id: user.id, email: 'reg.one@example.com', username: 'regone', createdAt: '2025-03-15T12:00:00.000Z' });
      expect((jwt.verify(token, JWT_SECRET) as { sub: string }).sub).to.equal(user.id);
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
      const events = await api.stream(streams.user(user.id));
      expect(events.map((e) => e.type)).to.deep.equal(['UserRegistered']);
      expect((events[0].data as { passwordHash: string }).passwordHash).to.match(/^\$argon2id\$/);
    });

    it('answers 409 for an address already taken, whatever its case', async () => {
      await register({ email: 'taken@example.com', password: 'secret1' });
      const again = await register({ email: ' TAKEN@example.com', password: 'secret2' });
      expect(again).to.deep.include({ status: 409, body: { message: MESSAGES.emailTaken } });
    });

    it('lets exactly one of two simultaneous registrations of an address through', async () => {
      const answers = await Promise.all([1, 2, 3].map(() => register({ email: 'race@example.com', password: 'secret1' })));
      expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 409, 409]);
    });

    it('answers the spec’s messages for bad input', async () => {
      expect((await register({ email: 'nope', password: 'secret1' })).body).to.deep.equal({ message: MESSAGES.invalidEmail });
      expect((await register({ email: 'a@b.co', password: '123' })).body).to.deep.equal({ message: MESSAGES.passwordTooShort });
      expect((await register({ email: 'a@b.co', password: 'secret1', username: 'x' })).body).to.deep.equal({
        message: MESSAGES.usernameTooShort,
      });
    });

    it('takes over a stale reservation whose account was never written', async () => {
      const stream = emailStream('ghost@example.com');
      const metadata = { occurredAt: now.toISOString(), commandId: 'c', schemaVersion: 1 };
      await api.store.append(
        stream,
        [{ type: 'EmailReserved', data: { userId: '0190a000-0000-7000-8000-00000000dead', email: 'ghost@example.com' }, metadata }],
        'no_stream',
      );
      expect((await register({ email: 'ghost@example.com', password: 'secret1' })).status).to.equal(409);
      now = new Date(now.getTime() + RESERVATION_GRACE_MS + 1);
      try {
        expect((await register({ email: 'ghost@example.com', password: 'secret1' })).status).to.equal(201);
      } finally {
        now = new Date('2025-03-15T12:00:00.000Z');
      }
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers the token and the user for the right password', async () => {
      const me = await api.signUp('login');
      const answer = await login(me.email.toUpperCase(), me.password);
      expect(answer.status).to.equal(200);
      expect(authResponse.parse(answer.body).user.id).to.equal(me.userId);
    });

    it('answers 401 with the same message for a wrong password and an unknown address', async () => {
      const me = await api.signUp('login');
      expect(await login(me.email, 'wrong-password')).to.deep.include({ status: 401, body: { message: MESSAGES.badCredentials } });
      expect(await login('nobody@example.com', 'whatever')).to.deep.include({ status: 401, body: { message: MESSAGES.badCredentials } });
    });

    it('answers the spec’s messages for bad input', async () => {
      expect((await login('not-an-email', 'x')).body).to.deep.equal({ message: MESSAGES.invalidEmail });
      expect((await login('a@b.co', '')).body).to.deep.equal({ message: MESSAGES.passwordRequired });
    });
  });

  describe('PUT /api/auth/update-email', () => {
    it('moves the account to the new address and frees the old one', async () => {
      const me = await api.signUp('mover');
      const answer = await api.request<EmailChangedResponse>('PUT', '/api/auth/update-email', {
        token: me.token,
        body: { newEmail: 'Moved@Example.com' },
      });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.include({ message: MESSAGES.emailUpdated });
      expect(answer.body.user).to.include({ id: me.userId, email: 'moved@example.com' });
      expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
      expect((await login('moved@example.com', me.password)).status).to.equal(200);
      expect((await login(me.email, me.password)).status).to.equal(401);
      expect((await register({ email: me.email, password: 'secret1' })).status).to.equal(201);
    });

    it('refuses an address another account uses', async () => {
      const me = await api.signUp('ava');
      const other = await api.signUp('ben');
      const answer = await api.request('PUT', '/api/auth/update-email', { token: me.token, body: { newEmail: other.email } });
      expect(answer).to.deep.include({ status: 409, body: { message: MESSAGES.emailTaken } });
    });

    it('answers 400 for an invalid address and 401 without a token', async () => {
      const me = await api.signUp('cid');
      expect((await api.request('PUT', '/api/auth/update-email', { token: me.token, body: { newEmail: 'x' } })).body).to.deep.equal({
        message: MESSAGES.invalidEmail,
      });
      expect((await api.request('PUT', '/api/auth/update-email', { body: { newEmail: 'x@y.zz' } })).status).to.equal(401);
    });
  });

  describe('PUT /api/auth/update-password', () => {
    it('changes the password when the current one matches', async () => {
      const me = await api.signUp('pw');
      const answer = await api.request('PUT', '/api/auth/update-password', {
        token: me.token,
        body: { currentPassword: me.password, newPassword: 'brand-new', confirmPassword: 'brand-new' },
      });
      expect(answer.status).to.equal(200);
      expect(passwordChangedResponse.parse(answer.body).message).to.equal(MESSAGES.passwordUpdated);
      expect((await login(me.email, 'brand-new')).status).to.equal(200);
      expect((await login(me.email, me.password)).status).to.equal(401);
    });

    it('answers 400 for a wrong current password and changes nothing', async () => {
      const me = await api.signUp('pw');
      const answer = await api.request('PUT', '/api/auth/update-password', {
        token: me.token,
        body: { currentPassword: 'not-it', newPassword: 'brand-new', confirmPassword: 'brand-new' },
      });
      expect(answer).to.deep.include({ status: 400, body: { message: MESSAGES.currentPasswordWrong } });
      expect(await api.stream(streams.user(me.userId))).to.have.length(1);
    });

    it('answers the spec’s messages for bad input', async () => {
      const me = await api.signUp('pw');
      const put = (body: Record<string, unknown>) => api.request('PUT', '/api/auth/update-password', { token: me.token, body });
      expect((await put({ newPassword: 'abcdef', confirmPassword: 'abcdef' })).body).to.deep.equal({
        message: MESSAGES.currentPasswordRequired,
      });
      expect((await put({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' })).body).to.deep.equal({
        message: MESSAGES.passwordTooShort,
      });
      expect((await put({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).body).to.deep.equal({
        message: MESSAGES.passwordsDontMatch,
      });
    });
  });

  describe('a registration that fails after reserving its address', () => {
    let flaky: TestApi;
    let failNext = false;
    before(async () => {
      flaky = await startTestApi({
        wrapStore: (store) => ({
          ...store,
          append: async (streamId, events, expected) => {
            if (failNext && streamId.startsWith('user-')) {
              failNext = false;
              throw new Error('the store failed writing the account');
            }
            return store.append(streamId, events, expected);
          },
        }),
      });
    });
    after(() => flaky?.close());

    it('releases the address, so registering it again works at once', async () => {
      const body = { email: 'half-way@example.com', password: 'secret1' };
      failNext = true;
      const failed = await flaky.request('POST', '/api/auth/register', { body });
      expect(failed.status).to.equal(500);
      expect((await flaky.stream(emailStream(body.email))).map((e) => e.type)).to.deep.equal(['EmailReserved', 'EmailReleased']);
      const again = await flaky.request('POST', '/api/auth/register', { body });
      expect(again.status).to.equal(201);
      expect((await flaky.request('POST', '/api/auth/login', { body })).status).to.equal(200);
    });
  });
});
