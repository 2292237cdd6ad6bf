import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { startTestProduct, type Answer, type ProductClient, type TestProduct } from './testing/test-product';

/**
 * An attacker's pass on "Forgot password" (the one-process product behind one trusted proxy, real
 * Postgres, its mail written to DATA_DIR/outbox as the embedded default does): floods of requests
 * and of guessed links are throttled with 429 and the documented message, the answer says nothing
 * of whether an account uses the address, and no mail goes out beyond the limits (RESET_LINKS_PER_EMAIL
 * 5, RESET_LINKS_PER_ADDRESS 20, their defaults).
 */
describe('floods on forgot-password and reset-password (the one-process product, TRUST_PROXY_HOPS=1)', function () {
  this.timeout(300_000);
  let running: TestProduct;
  let api: ProductClient;

  before(async () => {
    running = await startTestProduct('reset-floods', { TRUST_PROXY_HOPS: '1' });
    api = running.client();
  });
  after(() => running?.stop());

  /** Each request as the proxy forwards it: from 127.0.0.1, the client last in X-Forwarded-For. */
  const forgot = (email: string, forwardedFor: string) =>
    api.call('POST', '/api/auth/forgot-password', undefined, { email }, { 'X-Forwarded-For': forwardedFor });
  const reset = (token: string, forwardedFor: string) =>
    api.call('POST', '/api/auth/reset-password', undefined, { token, password: 'brand-new-pass' }, { 'X-Forwarded-For': forwardedFor });
  const answered = (answers: Answer[]) => answers.map((a) => `${a.status} ${a.text}`);
  const sent = { status: 202, text: JSON.stringify({ message: MESSAGES.resetLinkSent }) };
  const expectTooMany = (answer: Answer) => {
    expect(answer.status, answer.text).to.equal(429);
    const retryAfter = Number(answer.headers.get('Retry-After'));
    expect(retryAfter).to.be.within(1, 15 * 60);
    expect(answer.body).to.deep.equal({ message: MESSAGES.tooManyAttempts(retryAfter) });
  };
  /** The mail the product wrote, each message's text. */
  const messages = () => {
    const dir = join(running.dataDir, 'outbox');
    const files = (() => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    })();
    return files.map((file) => readFileSync(join(dir, file), 'utf8'));
  };
  /** The recipients of the mail the product wrote, one entry per message. */
  const outbox = () => messages().map((text) => /^To: (.*)$/m.exec(text)?.[1]?.trim() ?? text.slice(0, 200));

  it('answers an address with an account and one without alike, and throttles both alike', async () => {
    const ann = await api.signUp('ann');
    const nobody = 'nobody-here@example.com';
    const known: Answer[] = [];
    const unknown: Answer[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await forgot(ann.email, `198.51.100.${i + 1}`));
      unknown.push(await forgot(nobody, `198.51.100.${i + 11}`));
    }
    expect(answered(known.slice(0, 5))).to.deep.equal(new Array(5).fill(`${sent.status} ${sent.text}`));
    expect(answered(unknown.slice(0, 5))).to.deep.equal(answered(known.slice(0, 5)));
    expectTooMany(known[5]);
    expectTooMany(unknown[5]);
  });

  it('throttles one e-mail asked for from many forwarded addresses at once, however it is written', async () => {
    const dave = await api.signUp('dave');
    const spellings = [dave.email, dave.email.toUpperCase(), ` ${dave.email}`, 'Dave@Example.com'];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => forgot(spellings[i % spellings.length], `192.0.2.${i + 1}`)));
    expect(answers.map((a) => a.status).filter((s) => s !== 429 && s !== 202)).to.deep.equal([]);
    expect(answers.filter((a) => a.status === 202)).to.have.length(5);
    for (const answer of answers.filter((a) => a.status === 429)) expectTooMany(answer);
  });

  it('throttles many e-mails from one client, whatever it writes before its address in X-Forwarded-For', async () => {
    const erin = await api.signUp('erin');
    const client = '203.0.113.50';
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i++) answers.push(await forgot(`flood-${i}@example.com`, `10.0.${i}.1, ${client}`));
    expect(answered(answers)).to.deep.equal(new Array(20).fill(`${sent.status} ${sent.text}`));
    expectTooMany(await forgot(erin.email, client));
    expectTooMany(await forgot(erin.email, `198.18.0.1, ${client}`));
    expect((await forgot(erin.email, '203.0.113.51')).status).to.equal(202); // another client is not held back
  });

  it('throttles guessed links per client: 400 with the one message, then 429', async () => {
    const client = '203.0.113.80';
    const guesses: Answer[] = [];
    for (let i = 0; i < 21; i++) guesses.push(await reset(`${String(i).padStart(2, '0')}${'g'.repeat(41)}`, client));
    for (const guess of guesses.slice(0, 20)) expect(guess.body).to.deep.equal({ message: MESSAGES.resetLinkInvalid });
    expect(guesses.slice(0, 20).map((g) => g.status)).to.deep.equal(new Array(20).fill(400));
    expectTooMany(guesses[20]);
    expectTooMany(await forgot('after-guessing@example.com', client)); // links asked for and guessed share the count
  });

  it('points the link at the product, never at the Origin a request names', async () => {
    const fay = await api.signUp('fay');
    const asked = await api.call('POST', '/api/auth/forgot-password', undefined, { email: fay.email }, { Origin: 'https://evil.example' });
    expect(asked.status).to.equal(202);
    let mail: string | undefined;
    for (let i = 0; i < 200 && !mail; i++, await new Promise((resolve) => setTimeout(resolve, 50)))
      mail = messages().find((text) => /^To: fay@example\.com$/m.test(text));
    const link = /(https?:\/\/[^\s/]+)\/reset-password\?token=/.exec(mail ?? '');
    expect(link?.[1], mail ?? 'no mail to fay').to.equal(running.product.url);
  });

  it('sends no mail beyond the limits, and none to an address without an account', async () => {
    await running.product.stop(); // lets the mail in hand go out
    const mail = outbox();
    const to = (email: string) => mail.filter((recipient) => recipient === email).length;
    expect({ ann: to('ann@example.com'), dave: to('dave@example.com'), erin: to('erin@example.com') }).to.deep.equal({
      ann: 5,
      dave: 5,
      erin: 1,
    });
    expect(to('fay@example.com')).to.equal(1);
    expect(mail).to.have.length(12);
  });
});
