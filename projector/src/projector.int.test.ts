import { expect } from 'chai';
import pg from 'pg';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, formatPosition, type PostgresEventStore, START } from '@bt/event-store';
import { CHECKPOINT_NAME, type Database, NOTIFY_CHANNEL, replayUser } from '@bt/read-models';
import { startProjector } from './projector';
import { appendAll, userRowsFromTables } from './testing/database';
import { generateHistory, toNewEvent } from './testing/generate';
import { EventLog } from '@bt/read-models/testing';

describe('live projector (real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 100 });
    ({ db } = createDb<Database>(database.url, 2));
  });
  after(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  const expectTablesToMatchReplay = async () => {
    const log = await store.readAll({ after: START, maxCount: 1_000_000 });
    const users = new Set(log.map((e) => (e.data as { userId: string }).userId));
    for (const userId of users) {
      expect(await userRowsFromTables(db, 'read', userId), `rows of ${userId}`).to.deep.equal(replayUser(log, { userId }));
    }
  };

  /** A new user's registration, appended live: its position. */
  const registerSomeone = async () => {
    const log = new EventLog();
    log.register();
    const [event] = log.events;
    const newEvent = toNewEvent({ streamId: event.streamId, event: event as never, occurredAt: event.metadata.occurredAt }, 0);
    return { userId: log.userId, ...(await store.append(event.streamId, [newEvent], 'no_stream')) };
  };

  for (const { bound, seed, users = 6, cache } of [
    { bound: 'at most two users cached', seed: 11, cache: { maxCachedUsers: 2 } },
    { bound: 'at most 150 rows cached (states forgotten and loaded again between batches)', seed: 14, cache: { maxCachedRows: 150 } },
    {
      bound: 'at most 150 rows cached and 30 users, so a batch whose users do not fit is folded and written in runs',
      seed: 15,
      users: 30,
      cache: { maxCachedRows: 150 },
    },
  ]) {
    it(`writes for every user exactly the rows replayUser computes, across small batches, with ${bound}`, async () => {
      await appendAll(store, generateHistory({ users, events: 1200, seed }));
      const projector = await startProjector({ store, databaseUrl: database.url, batchSize: 37, ...cache });
      await projector.caughtUp();
      await projector.stop();

      await expectTablesToMatchReplay();
      const head = await store.headPosition();
      const checkpoint = await db
        .withSchema('read')
        .selectFrom('checkpoints')
        .selectAll()
        .where('name', '=', CHECKPOINT_NAME)
        .executeTakeFirstOrThrow();
      expect(checkpoint.position).to.equal(formatPosition(head));
    });
  }

  it('continues from its checkpoint after a restart, applying each event once', async () => {
    await appendAll(store, generateHistory({ users: 3, events: 300, seed: 12 }));
    const projector = await startProjector({ store, databaseUrl: database.url });
    await projector.caughtUp();
    await projector.stop();

    await expectTablesToMatchReplay();
  });

  it('notifies read_models with the new checkpoint after a batch, and answers caughtUp for a live append', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (n) => payloads.push(n.payload ?? ''));
    await listener.query(`listen ${NOTIFY_CHANNEL}`);
    const projector = await startProjector({ store, databaseUrl: database.url });
    try {
      await projector.caughtUp();
      const { userId, position } = await registerSomeone();
      await projector.caughtUp();
      expect(projector.position()).to.equal(formatPosition(position));
      for (let i = 0; i < 50 && !payloads.includes(formatPosition(position)); i++) await new Promise((r) => setTimeout(r, 20));
      expect(payloads).to.include(formatPosition(position));
      expect(await userRowsFromTables(db, 'read', userId))
        .to.have.property('user')
        .that.includes({ email: `${userId}@example.com` });
    } finally {
      await projector.stop();
      await listener.end();
    }
  });

  it('writes a batch once the appends stop for batchIdleMs, without waiting out batchTimeMs', async function () {
    // Were the batch to wait out its minute, caughtUp would outlast the test's timeout.
    this.timeout(30_000);
    const projector = await startProjector({ store, databaseUrl: database.url, batchTimeMs: 60_000, batchIdleMs: 5 });
    try {
      // The first may still be read by the catch-up that precedes following the log; the second is followed.
      for (let i = 0; i < 2; i++) {
        await projector.caughtUp();
        const { position } = await registerSomeone();
        await projector.caughtUp();
        expect(projector.position()).to.equal(formatPosition(position));
      }
    } finally {
      await projector.stop();
    }
  });

  it('writes a batch batchTimeMs after its first event while appends go on, however short the gaps between them', async () => {
    const batches: number[] = [];
    const projector = await startProjector({
      store,
      databaseUrl: database.url,
      batchTimeMs: 50,
      batchIdleMs: 60_000,
      onBatch: ({ events }) => batches.push(events),
    });
    try {
      await projector.caughtUp();
      batches.length = 0;
      // One append every 10 ms or so for about a second: never a minute's quiet, so only batchTimeMs ends a batch.
      for (let i = 0; i < 100; i++) {
        await registerSomeone();
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(batches.length, 'batches written while the appends went on').to.be.at.least(2);
    } finally {
      await projector.stop();
    }
  });
});
