import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { createCommandApi } from '../app';
import { JWT_SECRET, startTestApi, type Answer, type TestApi } from '../testing/http';
import { argon2Hasher, type PasswordHasher } from './passwords';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './sign-in-limits';

const PASSWORD = 'right-password';
let emails = 0;
const freshEmail = (tag: string) => `${tag}.${++emails}.${Date.now()}@example.com`;

/** Requests as a client at `address` would send them through one trusted proxy (which appends it). */
const as = (api: TestApi, address?: string) => ({
  register: (email: string, password = PASSWORD) =>
    api.request('POST', '/api/auth/register', { body: { email, password }, headers: address ? { 'X-Forwarded-For': address } : {} }),
  login: (email: string, password: string, forwardedFor = address) =>
    api.request('POST', '/api/auth/login', { body: { email, password }, headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} }),
});

const expectTooMany = (answer: Answer, windowSeconds: number) => {
  expect(answer.status).to.equal(429);
  const retryAfter = Number(answer.headers.get('Retry-After'));
  expect(retryAfter).to.be.within(1, windowSeconds);
  expect(answer.body).to.deep.equal({ message: MESSAGES.tooManyAttempts(retryAfter) });
};

describe('sign-in and registration limits over HTTP', () => {
  describe('with the default limits, behind one trusted proxy', () => {
    let api: TestApi;
    before(async () => {
      api = await startTestApi({ signInLimits: DEFAULT_SIGN_IN_LIMITS, trustProxyHops: 1 });
    });
    after(() => api?.close());

    it('answers the 11th sign-in of an e-mail after 10 failures with 429 and Retry-After, even with the right password', async () => {
      const client = as(api, '10.0.1.1');
      const email = freshEmail('victim');
      expect((await client.register(email)).status).to.equal(201);
      for (let i = 0; i < 10; i++) expect((await client.login(email, `guess-${i}`)).status).to.equal(401);
      const eleventh = await client.login(email, PASSWORD);
      expectTooMany(eleventh, DEFAULT_SIGN_IN_LIMITS.windowSeconds);
      expect(eleventh.body).to.deep.equal({ message: 'Too many attempts. Please try again in 15 minutes.' });
      // From anywhere: the count is the e-mail's.
      expectTooMany(await as(api, '10.0.1.2').login(email, PASSWORD), DEFAULT_SIGN_IN_LIMITS.windowSeconds);
    });

    it('leaves a different e-mail from another address unaffected', async () => {
      const victim = freshEmail('locked');
      const attacker = as(api, '10.0.2.1');
      expect((await attacker.register(victim)).status).to.equal(201);
      for (let i = 0; i < 11; i++) await attacker.login(victim, 'guess');
      expect((await attacker.login(victim, PASSWORD)).status).to.equal(429);

      const bettor = as(api, '10.0.2.2');
      const email = freshEmail('bettor');
      expect((await bettor.register(email)).status).to.equal(201);
      expect((await bettor.login(email, 'typo')).status).to.equal(401);
      expect((await bettor.login(email, PASSWORD)).status).to.equal(200);
    });

    it('checks at most 10 of 30 simultaneous wrong passwords for one e-mail and refuses the rest', async () => {
      const email = freshEmail('rushed');
      expect((await as(api, '10.0.5.1').register(email)).status).to.equal(201);
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => as(api, `10.0.5.${i + 2}`).login(email, `guess-${i}`)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).to.have.length(10);
      expect(statuses.filter((s) => s === 429)).to.have.length(20);
    });

    /** A signed-up bettor at `address`, changing their password as the account screen does. */
    const account = async (address: string) => {
      const email = freshEmail('changer');
      const registered = await as(api, address).register(email);
      expect(registered.status).to.equal(201);
      let token = (registered.body as { token: string }).token;
      return {
        email,
        changePassword: async (currentPassword: string, newPassword = 'a-new-password') => {
          const answer = await api.request('PUT', '/api/auth/update-password', {
            token,
            body: { currentPassword, newPassword, confirmPassword: newPassword },
            headers: { 'X-Forwarded-For': address },
          });
          if (answer.status === 200) token = (answer.body as { token: string }).token;
          return answer;
        },
      };
    };

    it('answers a password change after 10 wrong current passwords with 429 and Retry-After, even with the right one', async () => {
      const bettor = await account('10.0.6.1');
      for (let i = 0; i < 10; i++) {
        const wrong = await bettor.changePassword(`guess-${i}`);
        expect(wrong.status).to.equal(400);
        expect(wrong.body).to.deep.equal({ message: MESSAGES.currentPasswordWrong });
      }
      const eleventh = await bettor.changePassword(PASSWORD);
      expectTooMany(eleventh, DEFAULT_SIGN_IN_LIMITS.windowSeconds);
      expect(eleventh.body).to.deep.equal({ message: 'Too many attempts. Please try again in 15 minutes.' });
      // The password did not change, and whoever holds the session cannot lock its owner out of signing in.
      expect((await as(api, '10.0.6.2').login(bettor.email, PASSWORD)).status).to.equal(200);
    });

    it('does not count successful password changes', async () => {
      const bettor = await account('10.0.7.1');
      for (let i = 0; i < 9; i++) expect((await bettor.changePassword('typo')).status).to.equal(400);
      expect((await bettor.changePassword(PASSWORD, 'second-password')).status).to.equal(200);
      expect((await bettor.changePassword('second-password', 'third-password')).status).to.equal(200);
    });

    it('does not count successful sign-ins', async () => {
      const client = as(api, '10.0.3.1');
      const email = freshEmail('regular');
      expect((await client.register(email)).status).to.equal(201);
      for (let i = 0; i < 15; i++) expect((await client.login(email, PASSWORD)).status).to.equal(200);
      for (let i = 0; i < 9; i++) expect((await client.login(email, 'typo')).status).to.equal(401);
      expect((await client.login(email, PASSWORD)).status).to.equal(200);
    });
  });

  describe('with small limits', () => {
    const limits: SignInLimits = {
      loginFailuresPerEmail: 3,
      loginFailuresPerAddress: 5,
      registrationsPerEmail: 2,
      registrationsPerAddress: 4,
      windowSeconds: 60,
    };
    let trusted: TestApi;
    let direct: TestApi;
    before(async () => {
      trusted = await startTestApi({ signInLimits: limits, trustProxyHops: 1 });
      direct = await startTestApi({ signInLimits: limits });
    });
    after(async () => {
      await trusted?.close();
      await direct?.close();
    });

    it('refuses sign-ins from an address after its failures, whatever the e-mails, and not from other addresses', async () => {
      const guesser = as(trusted, '10.1.0.1');
      for (let i = 0; i < 5; i++) expect((await guesser.login(freshEmail('nobody'), 'guess')).status).to.equal(401);
      expectTooMany(await guesser.login(freshEmail('nobody'), 'guess'), limits.windowSeconds);
      expect((await as(trusted, '10.1.0.2').login(freshEmail('nobody'), 'guess')).status).to.equal(401);
    });

    it('refuses registrations past the limit per address, and not from other addresses', async () => {
      const office = as(trusted, '10.1.1.1');
      for (let i = 0; i < 4; i++) expect((await office.register(freshEmail('staff'))).status).to.equal(201);
      expectTooMany(await office.register(freshEmail('staff')), limits.windowSeconds);
      expect((await as(trusted, '10.1.1.2').register(freshEmail('staff'))).status).to.equal(201);
    });

    it('refuses registration attempts for one e-mail past its limit, whoever makes them', async () => {
      const email = freshEmail('wanted');
      expect((await as(trusted, '10.1.2.1').register(email)).status).to.equal(201);
      expect((await as(trusted, '10.1.2.2').register(email)).status).to.equal(409);
      expectTooMany(await as(trusted, '10.1.2.3').register(email), limits.windowSeconds);
    });

    it('counts the address the trusted proxy saw, not what the client wrote before it in X-Forwarded-For', async () => {
      // Each guess claims another origin; the proxy appended the real one (10.1.4.9).
      for (let i = 0; i < 5; i++) {
        expect((await as(trusted).login(freshEmail('nobody'), 'guess', `192.0.2.${i}, 10.1.4.9`)).status).to.equal(401);
      }
      expectTooMany(await as(trusted).login(freshEmail('nobody'), 'guess', '192.0.2.200, 10.1.4.9'), limits.windowSeconds);
    });

    it('ignores X-Forwarded-For unless a proxy is trusted: every guess counts against the socket’s address', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await as(direct).login(freshEmail('nobody'), 'guess', `192.0.2.${i}`)).status).to.equal(401);
      }
      expectTooMany(await as(direct).login(freshEmail('nobody'), 'guess', '192.0.2.99'), limits.windowSeconds);
    });

    it('keeps the counts in Postgres, so another replica refuses the same e-mail', async () => {
      const replica = createCommandApi({
        store: trusted.store,
        db: trusted.db,
        pool: trusted.pool,
        jwtSecret: JWT_SECRET,
        signInLimits: limits,
        trustProxyHops: 1,
        passwordCost: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
        log: () => undefined,
      });
      const server: Server = createServer(replica.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const email = freshEmail('replicated');
        expect((await as(trusted, '10.1.3.1').register(email)).status).to.equal(201);
        for (let i = 0; i < 3; i++) expect((await as(trusted, `10.1.3.${i + 2}`).login(email, 'guess')).status).to.equal(401);
        const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.1.3.99' },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(answer.status).to.equal(429);
        expect(Number(answer.headers.get('Retry-After'))).to.be.within(1, limits.windowSeconds);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('with a password-hash queue of 2', () => {
    let api: TestApi;
    const stats = { running: 0, most: 0 };
    before(async () => {
      const argon2 = argon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
      const track = async <T>(work: () => Promise<T>): Promise<T> => {
        stats.most = Math.max(stats.most, ++stats.running);
        try {
          return await work();
        } finally {
          stats.running -= 1;
        }
      };
      const passwords: PasswordHasher = { hash: (p) => track(() => argon2.hash(p)), verify: (h, p) => track(() => argon2.verify(h, p)) };
      api = await startTestApi({ passwords, hashQueue: { concurrency: 2, maxWaiting: 100 } });
    });
    after(() => api?.close());

    it('answers 32 simultaneous sign-ins, checking at most two passwords at a time', async () => {
      const me = await api.signUp('crowd');
      stats.most = 0;
      const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => as(api).login(me.email, i % 4 === 0 ? 'wrong' : me.password)));
      expect(answers.map((a) => a.status)).to.deep.equal(answers.map((_, i) => (i % 4 === 0 ? 401 : 200)));
      expect(stats.most).to.equal(2);
    });
  });
});
