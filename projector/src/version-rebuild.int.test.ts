import { expect } from 'chai';
import { sql } from 'kysely';
import { createDb, createLogger } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, type PostgresEventStore } from '@bt/event-store';
import type { Database } from '@bt/read-models';
import { startProjector } from './projector';
import { rebuildReadModels } from './rebuild';
import { appendAll, snapshotTables } from './testing/database';
import { generateHistory } from './testing/generate';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that also keeps its info messages. */
const keptLogger = (messages: string[]) => {
  const logger = createLogger('projector');
  const info = logger.info.bind(logger);
  logger.info = ((...args: unknown[]) => {
    messages.push(String(args.at(-1)));
    return (info as (...a: unknown[]) => void)(...args);
  }) as typeof logger.info;
  return logger;
};

describe('versioned read models (real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];
  const streaksVersion = async () =>
    (await sql<{ version: number }>`select version from read.read_model_versions where name = 'streaks'`.execute(db)).rows[0]?.version;

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    ({ db } = createDb<Database>(database.url, 2));
    await appendAll(store, generateHistory({ users: 4, events: 800, seed: 5 }));
  });
  after(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('records the code versions on a fresh database without rebuilding', async () => {
    const messages: string[] = [];
    const projector = await startProjector({ store, databaseUrl: database.url, versions: { streaks: 2 }, logger: keptLogger(messages) });
    await projector.caughtUp();
    await projector.stop();
    expect(await streaksVersion()).to.equal(2);
    expect(messages.filter((m) => /rebuilt and swapped/.test(m))).to.deep.equal([]);
  });

  it('rebuilds a read model whose version was bumped once, in the background of two projectors of one partition, to a full rebuild’s rows', async () => {
    // Rows the new code would not write: the rebuild replaces them.
    await sql`update read.streaks set recent_streaks = '[]'::jsonb`.execute(db);
    const messages: string[] = [];
    const start = () => startProjector({ store, databaseUrl: database.url, versions: { streaks: 3 }, logger: keptLogger(messages) });
    const [a, b] = await Promise.all([start(), start()]);
    const appending = appendAll(store, generateHistory({ users: 2, events: 200, seed: 9 }));
    for (let i = 0; i < 600 && (await streaksVersion()) !== 3; i++) await sleep(100);
    await appending;
    await Promise.all([a.stop(), b.stop()]);
    expect(await streaksVersion()).to.equal(3);
    expect(messages.filter((m) => /rebuilt and swapped/.test(m))).to.have.length(1);

    const live = await startProjector({ store, databaseUrl: database.url, versions: { streaks: 3 }, logger: keptLogger(messages) });
    await live.caughtUp();
    await live.stop();
    expect(
      messages.filter((m) => /rebuilt and swapped/.test(m)),
      'nothing stale at the next start',
    ).to.have.length(1);
    const rebuilt = await snapshotTables(db, 'read');
    await rebuildReadModels({ store, databaseUrl: database.url, fresh: true, pageSize: 100 });
    expect(rebuilt).to.deep.equal(await snapshotTables(db, 'read'));
  });
});
