import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { unusedPort } from '@bt/event-store/testing';
import { productProcess } from './testing/product-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request sent before the kill: its answer, if one came (undefined: the connection died first). */
interface Sent {
  key: string;
  body: Record<string, unknown>;
  status?: number;
  answer?: Record<string, unknown>;
}

const call = async (url: string, method: string, path: string, body: unknown, token?: string, key?: string) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
};

const parlayBody = (n: number) => ({
  name: `Crash parlay ${n}`,
  stake: 10,
  outcome: 'win',
  date: '2025-03-01',
  legs: [1, 2, 3].map((leg) => ({ sport: 'football', event: `Game ${n}.${leg}`, selection: 'Home', odds: '-110', outcome: 'win' })),
});

/**
 * The multi-event writes besides imports, killed mid-flight with the whole process group (the
 * product and its Postgres): a parlay created with its legs and settled (two events in one
 * append), a registration (the address's stream, then the account's), an e-mail change (the new
 * address, the account with its sessions revoked, the old address released) and a password change
 * (sessions, then the account). After the restart every answered write is there whole, and every
 * unanswered one, retried as a client would (same Idempotency-Key, or the same PUT after signing in
 * again), ends whole too: no parlay without its legs or outcome, no duplicate, no account that
 * cannot sign in, no address lost.
 */
describe('a kill during each kind of multi-event write (real process group, embedded Postgres)', function () {
  this.timeout(600_000);
  let dataDir: string;
  let product: ReturnType<typeof productProcess> | undefined;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bt-multi-crash-'));
    chmodSync(dataDir, 0o755); // Postgres runs as its own OS user when we are root
    product = productProcess(dataDir, await unusedPort());
  });
  after(async () => {
    await product?.kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every answered write whole, and a retry of every unanswered one ends whole', async () => {
    const p = product!;
    let url = await p.start();
    const parlayUser = await call(url, 'POST', '/api/auth/register', {
      email: 'p@example.com',
      password: 'parlay-pass',
      username: 'parlayer',
    });
    const accountUser = await call(url, 'POST', '/api/auth/register', {
      email: 'a0@example.com',
      password: 'account-0',
      username: 'accounter',
    });
    expect([parlayUser.status, accountUser.status]).to.deep.equal([201, 201]);
    const parlayToken = parlayUser.json.token as string;

    const parlays: Sent[] = [];
    const registrations: Sent[] = [];
    // The account's e-mail and password as last answered, and the change in flight when killed.
    let account = { email: 'a0@example.com', password: 'account-0', token: accountUser.json.token as string };
    let inFlight: { email?: string; password?: string } | undefined;
    const released: string[] = [];
    let stop = false;
    let answered = 0;
    const send = async (list: Sent[], sent: Sent, path: string, token?: string) => {
      list.push(sent);
      try {
        const { status, json } = await call(url, 'POST', path, sent.body, token, sent.key);
        [sent.status, sent.answer] = [status, json];
        answered++;
      } catch {
        stop = true; // the connection died with the process
      }
    };
    const parlayWriter = async (lane: number) => {
      for (let n = 0; !stop; n++)
        await send(parlays, { key: `parlay-${lane}-${n}`, body: parlayBody(lane * 1000 + n) }, '/api/parlays', parlayToken);
    };
    const registrar = async () => {
      for (let n = 0; !stop; n++) {
        const body = { email: `r${n}@example.com`, password: `register-${n}`, username: `runner${n}` };
        await send(registrations, { key: `register-${n}`, body }, '/api/auth/register');
      }
    };
    const accountWriter = async () => {
      for (let n = 1; !stop; n++) {
        const change = n % 2 === 1 ? { email: `a${n}@example.com` } : { password: `account-${n}` };
        inFlight = change;
        try {
          const answer = change.email
            ? await call(url, 'PUT', '/api/auth/update-email', { newEmail: change.email }, account.token)
            : await call(
                url,
                'PUT',
                '/api/auth/update-password',
                { currentPassword: account.password, newPassword: change.password, confirmPassword: change.password },
                account.token,
              );
          expect(answer.status, JSON.stringify(answer.json)).to.equal(200);
          if (change.email) released.push(account.email);
          account = { ...account, ...change, token: answer.json.token as string };
          inFlight = undefined;
          answered++;
        } catch (error) {
          if (error instanceof Error && error.name === 'AssertionError') throw error;
          stop = true;
        }
      }
    };

    const writers = Promise.all([parlayWriter(1), parlayWriter(2), registrar(), accountWriter()]);
    // Killed once the writes are well under way, at a moment nobody chose.
    while (answered < 12) await sleep(10);
    await sleep(Math.random() * 200);
    await p.kill();
    await writers;
    url = await p.start();

    // Parlays: every answered one is whole; every one, retried with its key, ends whole and once.
    const expectWhole = (parlay: Record<string, unknown>, where: string) => {
      expect(parlay.outcome, where).to.equal('win');
      expect(
        (parlay.legs as { outcome: string }[]).map((leg) => leg.outcome),
        where,
      ).to.deep.equal(['win', 'win', 'win']);
    };
    const ids = new Set<string>();
    for (const sent of parlays) {
      const retried = await call(url, 'POST', '/api/parlays', sent.body, parlayToken, sent.key);
      expect(retried.status, `${sent.key}: ${JSON.stringify(retried.json)}`).to.be.oneOf([200, 201]);
      if (sent.status !== undefined) {
        expect(sent.status, sent.key).to.equal(201);
        expect(retried.json.id, `${sent.key}: the retry answers the first parlay`).to.equal(sent.answer!.id);
      }
      expectWhole(retried.json, sent.key);
      ids.add(retried.json.id as string);
    }
    let listed: Record<string, unknown>[] = [];
    for (let i = 0; i < 300 && listed.length !== ids.size; i++, await sleep(100)) {
      listed = (await call(url, 'GET', '/api/parlays', undefined, parlayToken)).json as unknown as Record<string, unknown>[];
    }
    expect(listed.map((parlay) => parlay.id).sort(), 'each parlay once, none lost').to.deep.equal([...ids].sort());
    for (const parlay of listed) expectWhole(parlay, `listed ${String(parlay.id)}`);

    // Registrations: every answered one signs in; every unanswered one, retried, does too.
    for (const sent of registrations) {
      const retried = await call(url, 'POST', '/api/auth/register', sent.body, undefined, sent.key);
      expect(retried.status, `${sent.key}: ${JSON.stringify(retried.json)}`).to.equal(201);
      if (sent.status !== undefined) expect(retried.json.user, sent.key).to.deep.equal(sent.answer!.user);
      const login = await call(url, 'POST', '/api/auth/login', { email: sent.body.email, password: sent.body.password });
      expect(login.status, `${sent.key} signs in`).to.equal(200);
    }

    // The account: the last answered change holds, the one in flight is all there or not at all.
    const candidates = [account, ...(inFlight ? [{ ...account, ...inFlight }] : [])];
    const signIns = await Promise.all(
      candidates.map((c) => call(url, 'POST', '/api/auth/login', { email: c.email, password: c.password })),
    );
    const works = candidates.filter((_, i) => signIns[i].status === 200);
    expect(works, `exactly one of ${JSON.stringify(candidates)} signs in`).to.have.length(1);
    // The client retries what it sent: signed in again, the same change ends as asked.
    if (inFlight) {
      const token = signIns.find((s) => s.status === 200)!.json.token as string;
      const retried = inFlight.email
        ? await call(url, 'PUT', '/api/auth/update-email', { newEmail: inFlight.email }, token)
        : await call(
            url,
            'PUT',
            '/api/auth/update-password',
            { currentPassword: works[0].password, newPassword: inFlight.password, confirmPassword: inFlight.password },
            token,
          );
      expect(retried.status, JSON.stringify(retried.json)).to.equal(200);
      const final = { ...account, ...inFlight };
      expect((await call(url, 'POST', '/api/auth/login', { email: final.email, password: final.password })).status).to.equal(200);
    }
    // Every address the account left before the kill was freed: another account can take it.
    for (const email of released) {
      const taken = await call(url, 'POST', '/api/auth/register', { email, password: 'taken-over', username: 'nextone' });
      expect(taken.status, `${email}: ${JSON.stringify(taken.json)}`).to.equal(201);
    }
  });
});
