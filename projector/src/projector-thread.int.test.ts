import { expect } from 'chai';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, formatPosition, newMasterKey, type PostgresEventStore, START } from '@bt/event-store';
import { CHECKPOINT_NAME, type Database, replayUser } from '@bt/read-models';
import { startProjectorThread } from './projector-thread';
import { appendAll, userRowsFromTables } from './testing/database';
import { generateHistory } from './testing/generate';

describe('the projector on a worker thread (the one-process default; real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url });
    ({ db } = createDb<Database>(database.url, 2));
  });
  after(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  /** Until the read models' checkpoint is the log's head (bounded: a stuck thread fails the test). */
  const caughtUp = async () => {
    const head = formatPosition(await store.headPosition());
    for (let i = 0; i < 300; i++) {
      const row = await db
        .withSchema('read')
        .selectFrom('checkpoints')
        .select('position')
        .where('name', '=', CHECKPOINT_NAME)
        .executeTakeFirst();
      if (row?.position === head) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the read models never reached ${head}`);
  };

  it('follows the log; a thread that dies mid-batch is replaced and goes on from the checkpoint, each event applied once', async () => {
    const lines: string[] = [];
    await appendAll(store, generateHistory({ users: 4, events: 400, seed: 31 }));
    const running = await startProjectorThread(
      { eventStoreUrl: database.url, databaseUrl: database.url, personalData: { databaseUrl: database.url, masterKeys: newMasterKey() } },
      (line) => lines.push(line),
    );
    try {
      await caughtUp();
      const first = running.thread;
      await appendAll(store, generateHistory({ users: 3, events: 600, seed: 32 }));
      await first.terminate();
      await caughtUp();
      expect(running.thread).to.not.equal(first);
      expect(
        lines.some((line) => /ended \(exit code 1\); starting it again/.test(line)),
        lines.join('\n'),
      ).to.equal(true);
    } finally {
      await running.stop();
    }

    const log = await store.readAll({ after: START, maxCount: 1_000_000 });
    const users = new Set(log.map((e) => (e.data as { userId: string }).userId));
    expect(users.size).to.equal(7);
    for (const userId of users) {
      expect(await userRowsFromTables(db, 'read', userId), `rows of ${userId}`).to.deep.equal(replayUser(log, { userId }));
    }
  });
});
