import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { MESSAGES } from '@bt/contracts';
import { createDb, createSessionRegistry, type SessionRegistry, signToken } from '@bt/platform';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, TEST_SECRET, type Harness } from './testing/harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sessions on the read side: a token must expire and name an existing user, and a revocation
 * written by another process (command-api, elsewhere) reaches this one through LISTEN/NOTIFY.
 */
describe('query-api sessions', () => {
  let h: Harness;
  /** command-api's registry, as another process: its own pool on the same database. */
  let elsewhere: SessionRegistry;
  let closeElsewhere: () => Promise<void>;

  before(async () => {
    h = await startHarness();
    // No tables of our own: the registry reads and writes its schema `auth`.
    const { db } = createDb<Record<string, never>>(h.database.url, 2);
    elsewhere = createSessionRegistry({ db, readStream: (stream) => h.store.readStream(stream) });
    closeElsewhere = async () => {
      await elsewhere.close();
      await db.destroy();
    };
  });
  after(async () => {
    await closeElsewhere?.();
    await h?.close();
  });

  const registered = async () => {
    const log = new EventLog().register();
    await h.record(log.events);
    return log.userId;
  };
  const statusWith = async (token: string) => (await h.get('/api/stats', null, undefined, { Authorization: `Bearer ${token}` })).status;
  /** Polls until the answer changes to `status` (a notification is asynchronous); mocha's timeout bounds it. */
  const eventually = async (token: string, status: number) => {
    for (;;) {
      if ((await statusWith(token)) === status) return;
      await sleep(20);
    }
  };

  /** Until this process's LISTEN connection is up (it opens on the first check that misses its cache). */
  const listening = async () => {
    for (;;) {
      const { rows } = await h.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE query = 'LISTEN "sessions"' AND state = 'idle' AND datname = current_database()`,
      );
      if (rows.length > 0) return;
      await sleep(20);
    }
  };
  /** A user whose generation this process has cached: the first read opens LISTEN, the next one caches. */
  const cachedUser = async () => {
    const userId = await registered();
    const token = signToken(userId, TEST_SECRET);
    expect(await statusWith(token)).to.equal(200);
    await listening();
    expect(await statusWith(token)).to.equal(200);
    return { userId, token };
  };

  it('refuses a signed token whose subject is not a user id', async () => {
    const response = await h.get('/api/bets', null, undefined, { Authorization: `Bearer ${signToken('not-a-uuid', TEST_SECRET)}` });
    expect(response.status).to.equal(401);
    expect(await response.json()).to.deep.equal({ message: MESSAGES.unauthorized });
  });

  it('refuses a signed token of a user id nobody registered', async () => {
    expect((await h.get('/api/stats', randomUUID())).status).to.equal(401);
    expect((await h.get('/api/bets', randomUUID())).status).to.equal(401);
  });

  it('refuses a signed token without an expiry', async () => {
    const userId = await registered();
    expect(await statusWith(jwt.sign({}, TEST_SECRET, { subject: userId, algorithm: 'HS256' }))).to.equal(401);
    expect(await statusWith(signToken(userId, TEST_SECRET))).to.equal(200);
  });

  it('knows a user from their stream before the projector has them', async () => {
    const userId = await registered();
    expect((await h.get('/api/auth/me', userId)).status).to.equal(200);
  });

  it('refuses a token revoked by another process, and accepts the fresh one', async () => {
    const userId = await registered();
    const old = signToken(userId, TEST_SECRET);
    expect(await statusWith(old)).to.equal(200); // now cached here
    await elsewhere.revoke(userId, 1);
    await eventually(old, 401);
    expect(await statusWith(signToken(userId, TEST_SECRET, 1))).to.equal(200);
  });

  it('answers a cached user without reading the table', async () => {
    const { userId, token } = await cachedUser();
    // A change nobody announced (no NOTIFY) is not seen: the check did not go to the database.
    await h.pool.query('UPDATE auth.sessions SET generation = 7 WHERE user_id = $1', [userId]);
    expect(await statusWith(token)).to.equal(200);
    // Announced, it is.
    await elsewhere.revoke(userId, 7);
    await eventually(token, 401);
  });

  it('forgets what it cached when its LISTEN connection drops, so a missed notification cannot keep a revoked token alive', async () => {
    const { userId, token } = await cachedUser();
    // Revoked while this process is told nothing: the cache still answers...
    await h.pool.query('UPDATE auth.sessions SET generation = 1 WHERE user_id = $1', [userId]);
    expect(await statusWith(token)).to.equal(200);
    // ...until its connection drops: what it held may be stale, so it is forgotten.
    await h.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN "sessions"' AND datname = current_database()`,
    );
    await eventually(token, 401);
  });
});
