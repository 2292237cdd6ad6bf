import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb } from '@bt/platform';
import { EVENT_SCHEMA_VERSION, streams, type BetRow } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import type { CommandDatabase } from '../db/schema';
import { startTestApi, type TestApi } from '../testing/http';
import { createUnitSizes, UNIT_SIZES_CHANNEL, type UnitSizes } from './unit-sizes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bet = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: '-110' };

/** The store, counting through `onRead` each stream it is asked to read. */
const counting = (store: EventStore, onRead: () => void): EventStore =>
  Object.create(store, {
    readStream: {
      value: (streamId: string) => {
        onRead();
        return store.readStream(streamId);
      },
    },
  });

/**
 * The unit size a new bet records, kept per process: a bet placed right after a change records it,
 * and another process (a second command-api) hears of the change by NOTIFY, not by reading.
 */
describe('unit sizes kept per process (LISTEN/NOTIFY)', () => {
  let api: TestApi;
  /** Another command-api process's unit sizes, over a store that counts the user streams it reads. */
  let elsewhere: UnitSizes;
  let reads = 0;

  before(async () => {
    api = await startTestApi({ cacheUnitSizes: true });
    elsewhere = listened(counting(api.store, () => (reads += 1)));
  });
  after(async () => {
    await elsewhere?.close();
    await api?.close();
  });

  /** Another process's unit sizes over `store`, with a LISTEN connection of its own. */
  const listened = (store: EventStore, keptMs?: number) =>
    createUnitSizes({ store, db: api.db, newClient: () => new pg.Client({ connectionString: api.databaseUrl }), keptMs });
  /** A UnitSizeSet appended straight to the log: a change no process was told of (its NOTIFY lost). */
  const changedUntold = async (userId: string, unitSize: number) => {
    const { revision } = (await api.stream(streams.user(userId))).at(-1)!;
    await api.store.append(
      streams.user(userId),
      [
        {
          type: 'UnitSizeSet',
          data: { userId, unitSize },
          metadata: { occurredAt: new Date().toISOString(), commandId: 'test', schemaVersion: EVENT_SCHEMA_VERSION },
        },
      ],
      revision,
    );
  };
  /** Until `count` processes' LISTEN connections are up (each opens on its first miss). */
  const listening = async (count: number) => {
    for (;;) {
      const { rows } = await api.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE query = $1 AND state = 'idle' AND datname = current_database()`,
        [`LISTEN "${UNIT_SIZES_CHANNEL}"`],
      );
      if (rows.length >= count) return;
      await sleep(20);
    }
  };
  /** Polls until the other process answers `unitSize` (a notification is asynchronous); mocha's timeout bounds it. */
  const eventually = async (userId: string, unitSize: number | null) => {
    for (;;) {
      if ((await elsewhere.current(userId)) === unitSize) return;
      await sleep(20);
    }
  };
  const place = async (token: string) => {
    const answer = await api.request<BetRow>('POST', '/api/bets', { token, body: bet });
    expect(answer.status).to.equal(201);
    return answer.body;
  };
  /** A user whose unit size both processes keep: the first read opens LISTEN, the next one is kept. */
  const keptUser = async () => {
    const me = await api.signUp('units');
    await place(me.token);
    expect(await elsewhere.current(me.userId)).to.equal(null);
    await listening(2);
    await place(me.token);
    expect(await elsewhere.current(me.userId)).to.equal(null);
    return me;
  };

  it('records a change in the next bet of this process at once, and in another process by its notification alone', async () => {
    const me = await keptUser();
    const readsBefore = reads;
    expect(await elsewhere.current(me.userId)).to.equal(null);
    expect(reads, 'kept: no read of the user stream').to.equal(readsBefore);

    expect((await api.request('PUT', '/api/settings', { token: me.token, body: { unitSize: 25 } })).status).to.equal(200);
    expect((await place(me.token)).unitSize).to.equal(25);
    await eventually(me.userId, 25);
    expect((await api.request('PUT', '/api/settings', { token: me.token, body: { unitSize: null } })).status).to.equal(200);
    expect((await place(me.token)).unitSize).to.equal(null);
    await eventually(me.userId, null);
    expect(reads, 'told, not read').to.equal(readsBefore);
  });

  it('keeps the newer of what it holds and what it is told, and ignores what is not a notification', async () => {
    const me = await keptUser();
    expect((await api.request('PUT', '/api/settings', { token: me.token, body: { unitSize: 40 } })).status).to.equal(200);
    await eventually(me.userId, 40);
    const revision = (await api.stream(streams.user(me.userId))).at(-1)!.revision;
    await api.pool.query('SELECT pg_notify($1, $2)', [UNIT_SIZES_CHANNEL, `${me.userId}:${revision + 1n}:55`]);
    await eventually(me.userId, 55);
    // An older notification, and payloads that are none, then a marker: notifications arrive in order.
    const marker = randomUUID();
    await api.pool.query('SELECT pg_notify($1, $2), pg_notify($1, $3), pg_notify($1, $4), pg_notify($1, $5)', [
      UNIT_SIZES_CHANNEL,
      `${me.userId}:${revision}:10`,
      `${me.userId}:${revision + 5n}:many`,
      'garbage',
      `${marker}:1:77`,
    ]);
    await eventually(marker, 77);
    expect(await elsewhere.current(me.userId)).to.equal(55);
  });

  it('takes its own change at once, even when its notification is lost (the others keep theirs until it expires)', async () => {
    const me = await keptUser();
    // Its NOTIFY goes to a database nobody listens on (the connection is refused): lost.
    const { db: lost } = createDb<CommandDatabase>('postgres://nobody@127.0.0.1:1/none', 1);
    const here = createUnitSizes({ store: api.store, db: lost, newClient: () => new pg.Client({ connectionString: api.databaseUrl }) });
    try {
      expect(await here.current(me.userId)).to.equal(null);
      await listening(3);
      expect(await here.current(me.userId)).to.equal(null);
      const { revision } = (await api.stream(streams.user(me.userId))).at(-1)!;
      await here.changed(me.userId, revision + 1n, 20);
      expect(await here.current(me.userId)).to.equal(20);
      await sleep(100);
      expect(await elsewhere.current(me.userId)).to.equal(null);
    } finally {
      await here.close();
      await lost.destroy();
    }
  });

  it('forgets what it kept when its LISTEN connection drops, and reads the stream again', async () => {
    const me = await keptUser();
    // A change the others are not told of (as if its process died before its NOTIFY), then the drop.
    await changedUntold(me.userId, 30);
    expect(await elsewhere.current(me.userId), 'not told: still the kept value').to.equal(null);
    await api.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND datname = current_database()`, [
      `LISTEN "${UNIT_SIZES_CHANNEL}"`,
    ]);
    const readsBefore = reads;
    await eventually(me.userId, 30);
    expect(reads).to.be.greaterThan(readsBefore);
  });

  it('reads the stream again once a kept value has expired (a change whose notification was lost)', async () => {
    const me = await keptUser();
    const brief = listened(api.store, 1_000);
    try {
      expect(await brief.current(me.userId)).to.equal(null);
      await listening(3);
      expect(await brief.current(me.userId)).to.equal(null);
      await changedUntold(me.userId, 15);
      expect(await brief.current(me.userId), 'kept, not told').to.equal(null);
      await sleep(1_100);
      expect(await brief.current(me.userId)).to.equal(15);
    } finally {
      await brief.close();
    }
  });

  it('reads the user stream for every bet without a LISTEN connection', async () => {
    let own = 0;
    const unlistened = createUnitSizes({ store: counting(api.store, () => (own += 1)), db: api.db });
    const me = await api.signUp('units');
    for (let i = 0; i < 3; i++) expect(await unlistened.current(me.userId)).to.equal(null);
    expect(own).to.equal(3);
    await unlistened.close();
  });
});
