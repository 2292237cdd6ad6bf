import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { comparePositions, createPostgresEventStore, parsePosition, type Position, type PostgresEventStore, START } from '@bt/event-store';
import { checkpointName, type Database, type Partition, partitionOf, readPartitionCheckpoint, userOf, WHOLE } from '@bt/read-models';
import { startProjector, type RunningProjector } from './projector';
import { batchLockSql, leaseKeys, PartitionLease } from './partitions/lease';
import { beginLiveBatch } from './db/writer';
import { appendAll, snapshotTables } from './testing/database';
import { generateHistory } from './testing/generate';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => undefined;

/** Waits for a condition (no duration is asserted: the bound only ends a test that would hang). */
const waitUntil = async (condition: () => Promise<boolean>, what: string, logs: () => string = () => '') => {
  for (let i = 0; i < 6000; i++) {
    if (await condition()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}:\n${logs()}`);
};

describe('projector partitions (real Postgres)', function () {
  // Child processes and whole logs folded three ways: minutes on a busy machine (nothing here is timed).
  this.timeout(600_000);
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];
  const running: RunningProjector[] = [];
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    ({ db } = createDb<Database>(database.url, 2));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const projector of running.splice(0)) await projector.stop();
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  const start = async (options: { schema?: string; partition?: Partition; batchSize?: number }) => {
    const projector = await startProjector({ store, databaseUrl: database.url, batchTimeMs: 5, log: quiet, ...options });
    running.push(projector);
    return projector;
  };

  /** One projector for everyone over the same log, in a schema of its own: what the partitions must add up to. */
  const oneProjectorsTables = async () => {
    const single = await start({ schema: 'single', batchSize: 500 });
    await single.caughtUp();
    return snapshotTables(db, 'single');
  };

  const usersByPartition = async (count: number) => {
    const log = await store.readAll({ after: START, maxCount: 1_000_000 });
    const owners = new Set(log.map((e) => userOf(e)).filter((u): u is string => u !== undefined));
    return [...owners].reduce((by, user) => (by[partitionOf(user, count)]++, by), new Array<number>(count).fill(0));
  };

  it('two partitions over a log appended to meanwhile end with the read models of one projector, row for row', async () => {
    await appendAll(store, generateHistory({ users: 10, events: 1500, seed: 41 }));
    const partitions = [0, 1].map((index) => start({ partition: { index, count: 2 }, batchSize: 40 }));
    const [p0, p1] = await Promise.all(partitions);
    // Commands keep coming while both partitions follow the log.
    await Promise.all([
      appendAll(store, generateHistory({ users: 6, events: 800, seed: 42 })),
      appendAll(store, generateHistory({ users: 6, events: 800, seed: 43 })),
    ]);
    await Promise.all([p0.caughtUp(), p1.caughtUp()]);
    expect(p0.active() && p1.active(), 'each holds its own partition').to.equal(true);

    const byPartition = await usersByPartition(2);
    expect(byPartition[0], 'users of partition 0').to.be.greaterThan(2);
    expect(byPartition[1], 'users of partition 1').to.be.greaterThan(2);

    const partitioned = await snapshotTables(db, 'read');
    expect(partitioned.bets.length).to.be.greaterThan(200);
    expect(partitioned).to.deep.equal(await oneProjectorsTables());

    const head = await store.headPosition();
    for (const index of [0, 1]) {
      const position = await readPartitionCheckpoint(db, 'read', { index, count: 2 });
      expect(comparePositions(parsePosition(position!)!, head), `partition ${index} at the head`).to.equal(0);
    }
  });

  it('goes from one projector to two without a rebuild: each partition starts from the single checkpoint', async () => {
    await appendAll(store, generateHistory({ users: 8, events: 800, seed: 44 }));
    const single = await start({ batchSize: 100 });
    await single.caughtUp();
    await single.stop();
    running.splice(running.indexOf(single), 1);

    await appendAll(store, generateHistory({ users: 6, events: 600, seed: 45 }));
    const [p0, p1] = await Promise.all([0, 1].map((index) => start({ partition: { index, count: 2 }, batchSize: 50 })));
    await Promise.all([p0.caughtUp(), p1.caughtUp()]);
    const rows = await db.withSchema('read').selectFrom('checkpoints').select('name').orderBy('name').execute();
    expect(rows.map((r) => r.name)).to.deep.equal([
      'read_models',
      checkpointName({ index: 0, count: 2 }),
      checkpointName({ index: 1, count: 2 }),
    ]);
    expect(await snapshotTables(db, 'read')).to.deep.equal(await oneProjectorsTables());
  });

  it('a second process for a partition waits as a hot standby; SIGKILL the active one and the standby finishes, nothing skipped or doubled', async () => {
    await appendAll(store, generateHistory({ users: 10, events: 3000, seed: 46 }));
    const head = await store.headPosition();
    const partition: Partition = { index: 0, count: 2 };
    const checkpoint = async (): Promise<Position> => {
      const text = await readPartitionCheckpoint(db, 'read', partition).catch(() => undefined); // the schema may not be there yet
      return (text && parsePosition(text)) || START;
    };

    const spawnPartition = (index: number) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'projector/src/main.ts'], {
        cwd: repository,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          PROJECTOR_PARTITIONS: '2',
          PROJECTOR_PARTITION: String(index),
          PROJECTOR_BATCH_SIZE: '20',
          PROJECTOR_BATCH_MS: '5',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += String(chunk)));
      child.stderr?.on('data', (chunk) => (output += String(chunk)));
      children.push(child);
      return { child, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)), output: () => output };
    };

    const first = spawnPartition(0);
    await waitUntil(async () => Number((await checkpoint()).prepare) > 0, 'the first process to write', first.output);
    const standby = spawnPartition(0);
    await waitUntil(async () => standby.output().includes('hot standby'), 'the second process to wait as a standby', standby.output);
    expect(first.output()).not.to.include('hot standby');

    // Mid-stream: the active process dies without a word; its lock goes with its connection.
    await waitUntil(async () => Number((await checkpoint()).prepare) >= Number(head.prepare) * 0.3, '30% of the log', first.output);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(comparePositions(await checkpoint(), head), 'killed before the head').to.be.lessThan(0);

    await waitUntil(async () => comparePositions(await checkpoint(), head) >= 0, 'the standby to reach the head', standby.output);
    const other = await start({ partition: { index: 1, count: 2 }, batchSize: 200 });
    await other.caughtUp();
    standby.child.kill('SIGTERM');
    expect(await standby.exited).to.equal(0);

    expect(await snapshotTables(db, 'read')).to.deep.equal(await oneProjectorsTables());
  });

  it('a process that lost its partition cannot write another batch', async () => {
    await appendAll(store, generateHistory({ users: 4, events: 300, seed: 47 }));
    const partition: Partition = { index: 1, count: 2 };
    const first = await start({ partition, batchSize: 50 });
    await first.caughtUp();
    // Its lock connection is cut (a network fault, an admin): Postgres releases the lock.
    const [a, b] = leaseKeys('read', partition).writer;
    const cut = await sql<{ cut: boolean }>`select pg_terminate_backend(pid) as cut from pg_locks
      where locktype = 'advisory' and granted and classid = ${sql.lit(a)}::oid and objid = ${sql.lit(b)}::oid and objsubid = 2`.execute(db);
    expect(cut.rows.map((r) => r.cut)).to.deep.equal([true]);
    const second = await start({ partition, batchSize: 50 });
    await waitUntil(async () => second.active(), 'the second process to take the partition');
    await appendAll(store, generateHistory({ users: 3, events: 200, seed: 48 }));
    await second.caughtUp();
    expect(first.active(), 'the first knows it lost the partition').to.equal(false);
    expect(second.active()).to.equal(true);
    await first.stop();
    running.splice(running.indexOf(first), 1);
    await start({ partition: { index: 0, count: 2 }, batchSize: 200 }).then((p) => p.caughtUp());
    expect(await snapshotTables(db, 'read')).to.deep.equal(await oneProjectorsTables());
  });

  it('a batch that has opened and read its checkpoint holds back no append from the log until its first write', async () => {
    await appendAll(store, generateHistory({ users: 2, events: 40, seed: 49 }));
    const projector = await start({});
    await projector.caughtUp();
    await projector.stop();
    running.splice(running.indexOf(projector), 1);
    const lease = new PartitionLease(database.url, 'read', WHOLE);
    await lease.acquire();
    try {
      await db.connection().execute(async (trx) => {
        await beginLiveBatch(trx, batchLockSql('read', WHOLE));
        const opened = await lease.lockedCheckpoint(trx);
        expect(opened.position).to.equal(projector.position());
        // An append committed while the batch reads and folds: readable now, so it makes up the
        // next batch rather than waiting to be seen until this one commits (a row lock would
        // have given this transaction an id, and the log's readers stop below the oldest open one).
        const appended = await store.append(
          `bet-${randomUUID()}`,
          [{ type: 'Probe', data: {}, metadata: { occurredAt: new Date().toISOString(), commandId: randomUUID(), schemaVersion: 1 } }],
          'no_stream',
        );
        const read = await store.readAll({ after: parsePosition(opened.position!) || START, maxCount: 10 });
        expect(read.map((e) => e.position)).to.deep.equal([appended.position]);
        await sql`rollback`.execute(trx);
      });
    } finally {
      await lease.close();
    }
  });
});
