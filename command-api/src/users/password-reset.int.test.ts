import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { ParsedMail } from 'mailparser';
import { authResponse, MESSAGES, streams } from '@bt/contracts';
import { loggerTo } from '@bt/platform';
import { createMailer, type Mailer } from '../shared/mailer';
import { startTestApi, type TestApi } from '../testing/http';
import { startSmtpReceiver, type SmtpReceiver } from '../testing/smtp';

const ORIGIN = 'http://bets.test';
const LINK = /http:\/\/bets\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/;
const MINUTE = 60_000;

/** "Forgot password" over HTTP, the mail received by a real SMTP server in this process. */
describe('password reset over HTTP and SMTP', () => {
  let api: TestApi;
  let smtp: SmtpReceiver;
  let mailer: Mailer;
  /** The api's clock runs this far ahead of the real one (expiry without waiting 30 minutes). */
  let ahead = 0;

  before(async () => {
    smtp = await startSmtpReceiver();
    mailer = createMailer(
      { smtpUrl: smtp.url },
      'Bet Tracker <no-reply@localhost>',
      loggerTo(() => undefined, 'silent'),
    );
    api = await startTestApi({ mailer, publicUrl: ORIGIN, clock: () => new Date(Date.now() + ahead) });
  });
  afterEach(() => {
    ahead = 0;
  });
  after(async () => {
    await mailer?.close();
    await api?.close();
    await smtp?.close();
  });

  const forgot = (email: string) => api.request('POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (token: unknown, password = 'brand-new-pass') =>
    api.request('POST', '/api/auth/reset-password', { body: { token, password } });
  const login = (email: string, password: string) => api.request('POST', '/api/auth/login', { body: { email, password } });
  /** A write that needs a session: its status says whether the token is good. */
  const write = async (token: string) => (await api.request('POST', '/api/bankroll', { token, body: { amount: 10 } })).status;
  const types = async (userId: string) => (await api.stream(streams.user(userId))).map((e) => e.type);
  const tokenIn = (mail: ParsedMail) => LINK.exec(mail.text ?? '')?.[1] ?? expect.fail(`no link in ${mail.text}`);
  /** Asks for a link for `email`; the token of the mail that arrives. */
  const linkFor = async (email: string) => {
    expect((await forgot(email)).status).to.equal(202);
    return tokenIn(await smtp.next(email));
  };

  it('e-mails a link whose new password works, and ends every session', async () => {
    const me = await api.signUp('reset');
    const laptop = authResponse.parse((await login(me.email, me.password)).body).token;

    const asked = await forgot(me.email.toUpperCase());
    expect(asked).to.deep.include({ status: 202, body: { message: MESSAGES.resetLinkSent } });
    const mail = await smtp.next(me.email);
    expect(mail.subject).to.equal('Set a new BetTracker password');
    expect(mail.from?.text).to.equal('"Bet Tracker" <no-reply@localhost>');
    expect(mail.text).to.include('within 30 minutes');
    const token = tokenIn(mail);
    expect(mail.html).to.include(`href="${ORIGIN}/reset-password?token=${token}"`);

    const answer = await reset(token);
    expect(answer).to.deep.include({ status: 200, body: { message: MESSAGES.passwordReset } });
    expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
    // Recorded as a change of password; no session asked for it, so every one has ended.
    expect(await types(me.userId)).to.deep.equal(['UserRegistered', 'PasswordChanged', 'SessionsRevoked']);
    expect(await write(me.token)).to.equal(401);
    expect(await write(laptop)).to.equal(401);
    expect((await login(me.email, me.password)).status).to.equal(401);
    const fresh = await login(me.email, 'brand-new-pass');
    expect(fresh.status).to.equal(200);
    expect(await write(authResponse.parse(fresh.body).token)).to.equal(201);

    // Once only.
    expect(await reset(token, 'another-pass')).to.deep.include({ status: 400, body: { message: MESSAGES.resetLinkInvalid } });
    expect((await login(me.email, 'brand-new-pass')).status).to.equal(200);
  });

  it('answers an address without an account in the same words, and sends it nothing', async () => {
    const nobody = `nobody.${Date.now()}@example.com`;
    const asked = await forgot(nobody);
    expect(asked).to.deep.include({ status: 202, body: { message: MESSAGES.resetLinkSent } });
    await mailer.drain();
    expect(smtp.received.filter((mail) => mail.text?.includes(nobody))).to.deep.equal([]);
  });

  it('works until 30 minutes after it was sent, not after', async () => {
    const me = await api.signUp('expiry');
    const early = await linkFor(me.email);
    const late = await linkFor(me.email);

    ahead = 30 * MINUTE + 1000;
    expect(await reset(late)).to.deep.include({ status: 400, body: { message: MESSAGES.resetLinkInvalid } });
    expect(await types(me.userId)).to.deep.equal(['UserRegistered']);
    expect((await login(me.email, me.password)).status).to.equal(200);

    ahead = 29 * MINUTE;
    expect((await reset(early)).status).to.equal(200);
  });

  it("closes the user's other links once one of them has set a password", async () => {
    const me = await api.signUp('two-links');
    const first = await linkFor(me.email);
    const second = await linkFor(me.email);
    expect((await reset(second)).status).to.equal(200);
    expect(await reset(first, 'third-pass')).to.deep.include({ status: 400, body: { message: MESSAGES.resetLinkInvalid } });
  });

  it('lets only one of two concurrent uses of a link set a password', async () => {
    const me = await api.signUp('race');
    const token = await linkFor(me.email);
    const answers = await Promise.all([reset(token, 'password-one'), reset(token, 'password-two')]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 400]);
    expect((await types(me.userId)).filter((t) => t === 'PasswordChanged')).to.have.length(1);
  });

  it('keeps only the digest of a token, and never a token in the log', async () => {
    const me = await api.signUp('digest');
    const token = await linkFor(me.email);
    const { rows } = await api.pool.query<{ token_hash: string }>('SELECT token_hash FROM command.password_resets WHERE user_id = $1', [
      me.userId,
    ]);
    expect(rows).to.deep.equal([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    await reset(token);
    const events = (await api.stream(streams.user(me.userId))).map(({ type, data, metadata }) => ({ type, data, metadata }));
    expect(events).to.have.length(3);
    expect(JSON.stringify(events)).not.to.include(token);
  });

  it('refuses bad input with a clear 400, never a 500', async () => {
    const me = await api.signUp('bad-input');
    const token = await linkFor(me.email);
    const refusals: [string, unknown, string][] = [
      ['/api/auth/forgot-password', { email: 'not-an-address' }, MESSAGES.invalidEmail],
      ['/api/auth/forgot-password', {}, MESSAGES.invalidEmail],
      ['/api/auth/reset-password', { password: 'brand-new-pass' }, MESSAGES.resetTokenMissing],
      ['/api/auth/reset-password', { token: '', password: 'brand-new-pass' }, MESSAGES.resetTokenMissing],
      ['/api/auth/reset-password', { token, password: '12345' }, MESSAGES.passwordTooShort],
      ['/api/auth/reset-password', { token }, MESSAGES.passwordTooShort],
      ['/api/auth/reset-password', { token: 'x'.repeat(43), password: 'brand-new-pass' }, MESSAGES.resetLinkInvalid],
      // The last character changed (a token ending in A must not stay itself).
      [
        '/api/auth/reset-password',
        { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, password: 'brand-new-pass' },
        MESSAGES.resetLinkInvalid,
      ],
      ['/api/auth/reset-password', { token: 'x'.repeat(500), password: 'brand-new-pass' }, MESSAGES.resetLinkInvalid],
    ];
    for (const [path, body, message] of refusals) {
      expect(await api.request('POST', path, { body }), JSON.stringify(body)).to.deep.include({ status: 400, body: { message } });
    }
    // The link was not used up by any of them.
    expect((await reset(token)).status).to.equal(200);
  });

  describe('limits', () => {
    let limited: TestApi;
    before(async () => {
      limited = await startTestApi({
        mailer,
        publicUrl: ORIGIN,
        trustProxyHops: 1,
        passwordResetLimits: { perEmail: 2, perAddress: 4, windowSeconds: 600 },
      });
    });
    after(() => limited?.close());

    const forgotFrom = (address: string, email: string) =>
      limited.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'X-Forwarded-For': address } });
    const expectTooMany = (answer: { status: number; body: unknown; headers: Headers }) => {
      expect(answer.status).to.equal(429);
      const retryAfter = Number(answer.headers.get('Retry-After'));
      expect(retryAfter).to.be.within(1, 600);
      expect(answer.body).to.deep.equal({ message: MESSAGES.tooManyAttempts(retryAfter) });
    };

    it('throttles requests per e-mail, whether or not an account uses it', async () => {
      const me = await limited.signUp('limit');
      const nobody = `limit-nobody.${Date.now()}@example.com`;
      for (const email of [me.email, nobody]) {
        expect((await forgotFrom('10.9.0.1', email)).status).to.equal(202);
        expect((await forgotFrom('10.9.0.2', email)).status).to.equal(202);
        expectTooMany(await forgotFrom('10.9.0.3', email));
      }
    });

    it('throttles requests and unusable links per client address', async () => {
      const address = '10.9.1.1';
      for (let i = 0; i < 3; i++) expect((await forgotFrom(address, `many.${i}.${Date.now()}@example.com`)).status).to.equal(202);
      const guess = () =>
        limited.request('POST', '/api/auth/reset-password', {
          body: { token: 'y'.repeat(43), password: 'brand-new-pass' },
          headers: { 'X-Forwarded-For': address },
        });
      expect((await guess()).status).to.equal(400);
      expectTooMany(await guess());
      expectTooMany(await forgotFrom(address, `more.${Date.now()}@example.com`));
      expect((await forgotFrom('10.9.1.2', `other.${Date.now()}@example.com`)).status).to.equal(202);
    });
  });

  it('is not offered without a mailer: 503 with a message', async () => {
    const bare = await startTestApi();
    try {
      expect(await bare.request('POST', '/api/auth/forgot-password', { body: { email: 'me@example.com' } })).to.deep.include({
        status: 503,
        body: { message: MESSAGES.resetUnavailable },
      });
    } finally {
      await bare.close();
    }
  });
});
