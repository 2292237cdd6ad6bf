import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, type PostgresEventStore, START } from '@bt/event-store';
import { type Database, replayUser, SHADOW_SCHEMA } from '@bt/read-models';
import { startProjector } from './projector';
import { rebuildReadModels } from './rebuild';
import { REBUILD_NODE_FLAGS } from './rebuild-cli';
import { appendAll, snapshotTables, userRowsFromTables } from './testing/database';
import { generateHistory } from './testing/generate';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rebuild (real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];

  const schemaExists = async (name: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname = ${name}`.execute(db)).rows[0].n === 1;

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 100 });
    ({ db } = createDb<Database>(database.url, 2));
    await appendAll(store, generateHistory({ users: 5, events: 1500, seed: 21 }));
    const projector = await startProjector({ store, databaseUrl: database.url, batchSize: 200 });
    await projector.caughtUp();
    await projector.stop();
  });
  after(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('builds every read model afresh with exactly the rows live projection wrote, and swaps it in', async () => {
    const live = await snapshotTables(db, 'read');
    expect(live.bets.length).to.be.greaterThan(100);
    // The analytics read models too (every dimension of a history with books, leagues, tags, units and parlays)
    expect(live.analytics_daily.length).to.be.greaterThan(100);
    expect(live.analytics_monthly.length).to.be.greaterThan(20);
    expect(live.analytics_totals.length).to.equal(new Set(live.bets.map((b) => (b as { user_id: string }).user_id)).size);
    // Removed things kept for a restore (the history restores some of them: they are back in their tables)
    expect(live.removed_rows.length).to.be.greaterThan(5);

    // Its buckets of users folded in two worker threads, as a large log's are.
    const result = await rebuildReadModels({
      store,
      databaseUrl: database.url,
      fresh: true,
      pageSize: 100,
      flushEveryEvents: 400,
      threads: 2,
    });

    expect(result.events).to.equal((await store.readAll({ after: START, maxCount: 100_000 })).length);
    expect(await snapshotTables(db, 'read')).to.deep.equal(live);
    expect(await schemaExists(SHADOW_SCHEMA)).to.equal(false);
    const indexes = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where schemaname = 'read' and tablename = 'bets' order by 1`.execute(db);
    expect(indexes.rows.map((r) => r.indexname)).to.deep.equal([
      ...['bet_type', 'book', 'clv', 'date', 'event', 'odds', 'outcome', 'profit', 'search', 'sport', 'sport_outcome', 'stake'].map(
        (column) => `bets_history_${column}`,
      ),
      'bets_pkey',
      'bets_user_created',
      'bets_user_date',
    ]);
  });

  it('resumes after being killed half-way, and ends with the same rows', async () => {
    const live = await snapshotTables(db, 'read');
    // Under the rebuild's node flags already: the CLI does not start itself again, so the kill hits the rebuild.
    const child = spawn(process.execPath, ['--import', 'tsx', ...REBUILD_NODE_FLAGS, 'projector/src/rebuild-cli.ts', '--fresh'], {
      cwd: repository,
      env: { ...process.env, DATABASE_URL: database.url, REBUILD_PAGE_SIZE: '10', REBUILD_FLUSH_EVERY_EVENTS: '50' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let saved: string | undefined;
      for (let i = 0; i < 1500 && !saved; i++) {
        await sleep(10);
        if (await schemaExists(SHADOW_SCHEMA)) {
          saved = (
            await sql<{ position: string }>`select position from ${sql.id(SHADOW_SCHEMA, 'checkpoints')}`
              .execute(db)
              .catch(() => ({ rows: [] }))
          ).rows[0]?.position;
        }
      }
      expect(saved, 'the rebuild saved a checkpoint before being killed').to.be.a('string');
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
    }
    expect(await schemaExists(SHADOW_SCHEMA), 'the half-built shadow is left').to.equal(true);
    expect(await snapshotTables(db, 'read'), 'the live read models are untouched').to.deep.equal(live);

    const result = await rebuildReadModels({ store, databaseUrl: database.url, pageSize: 100 });

    expect(result.resumedFrom).to.be.a('string');
    expect(result.events).to.be.lessThan((await store.readAll({ after: START, maxCount: 100_000 })).length);
    expect(await snapshotTables(db, 'read')).to.deep.equal(live);
  });

  it('folds the users in groups on worker threads, side by side or one after another, to exactly the same rows', async () => {
    const live = await snapshotTables(db, 'read');
    const total = (await store.readAll({ after: START, maxCount: 100_000 })).length;
    for (const parallel of [3, 1]) {
      const result = await rebuildReadModels({
        store,
        databaseUrl: database.url,
        eventStoreUrl: database.url,
        fresh: true,
        pageSize: 100,
        flushEveryEvents: 400,
        partitions: 3,
        parallel,
      });
      expect(result.events, `parallel ${parallel}`).to.equal(total);
      expect(await snapshotTables(db, 'read'), `parallel ${parallel}`).to.deep.equal(live);
      // Only the checkpoint the live projector reads is left: the groups' own rows are gone with the swap.
      const checkpoints = await sql<{ name: string; position: string }>`select name, position from read.checkpoints`.execute(db);
      expect(checkpoints.rows).to.deep.equal([{ name: 'read_models', position: result.position }]);
    }
  });

  it('resumes each group of a partitioned rebuild killed half-way from its own checkpoint, only with as many groups', async () => {
    const live = await snapshotTables(db, 'read');
    const child = spawn(process.execPath, ['--import', 'tsx', ...REBUILD_NODE_FLAGS, 'projector/src/rebuild-cli.ts', '--fresh'], {
      cwd: repository,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REBUILD_PAGE_SIZE: '10',
        REBUILD_FLUSH_EVERY_EVENTS: '50',
        REBUILD_PARTITIONS: '2',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let saved = 0;
      for (let i = 0; i < 3000 && saved < 2; i++) {
        await sleep(10);
        if (await schemaExists(SHADOW_SCHEMA)) {
          saved = (
            await sql<{ n: number }>`select count(*)::int as n from ${sql.id(SHADOW_SCHEMA, 'checkpoints')} where name like 'rebuild:%'`
              .execute(db)
              .catch(() => ({ rows: [{ n: 0 }] }))
          ).rows[0].n;
        }
      }
      expect(saved, 'both groups saved a checkpoint before being killed').to.equal(2);
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
    }
    expect(await snapshotTables(db, 'read'), 'the live read models are untouched').to.deep.equal(live);

    const other = { store, databaseUrl: database.url, eventStoreUrl: database.url, pageSize: 100 };
    for (const partitions of [1, 3]) {
      await rebuildReadModels({ ...other, partitions }).then(
        () => expect.fail(`resumed with ${partitions} group(s)`),
        (error: Error) => expect(error.message).to.include('same REBUILD_PARTITIONS'),
      );
    }
    const result = await rebuildReadModels({ ...other, partitions: 2 });
    expect(result.resumedFrom).to.match(/^rebuild:[01]\/2@/);
    expect(await snapshotTables(db, 'read')).to.deep.equal(live);
  });

  it('starts again under its node flags when started without them, and that rebuild stops when the command is killed', async () => {
    /** Pids of processes running the rebuild CLI under its node flags. */
    const flagged = () =>
      readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          const args = (() => {
            try {
              return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
            } catch {
              return [];
            }
          })();
          return args.some((a) => a.endsWith('rebuild-cli.ts')) && REBUILD_NODE_FLAGS.every((flag) => args.includes(flag));
        });
    const readSchema = async () =>
      (await sql<{ oid: string }>`select oid::text from pg_namespace where nspname = 'read'`.execute(db)).rows[0].oid;
    const before = await readSchema();
    const command = spawn(process.execPath, ['--import', 'tsx', 'projector/src/rebuild-cli.ts', '--fresh'], {
      cwd: repository,
      env: { ...process.env, DATABASE_URL: database.url, REBUILD_PAGE_SIZE: '10', REBUILD_FLUSH_EVERY_EVENTS: '50' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => command.once('exit', resolve));
    try {
      let rebuilders: string[] = [];
      for (let i = 0; i < 1500 && rebuilders.length === 0; i++) {
        await sleep(10);
        rebuilders = flagged();
      }
      expect(rebuilders, 'a rebuild under the flags').to.have.length(1);
      expect(rebuilders[0]).to.not.equal(String(command.pid));
      command.kill('SIGKILL');
      await exited;
      for (let i = 0; i < 1000 && flagged().length > 0; i++) await sleep(10);
      expect(flagged(), 'the rebuild stopped').to.deep.equal([]);
      expect(await readSchema(), 'stopped with its command, not at the end of its work').to.equal(before);
    } finally {
      command.kill('SIGKILL');
    }
    await rebuildReadModels({ store, databaseUrl: database.url, fresh: true, pageSize: 100 }); // the lock is free again
  });

  it('swaps while readers keep querying and the live projector keeps following the log', async () => {
    const projector = await startProjector({ store, databaseUrl: database.url, batchSize: 50 });
    const readers = new pg.Pool({ connectionString: database.url, max: 3 });
    const errors: string[] = [];
    let reads = 0;
    let reading = true;
    const reader = async () => {
      while (reading) {
        try {
          await readers.query('select count(*) from read.bets');
          await readers.query('select * from read.user_stats order by user_id limit 3');
          await readers.query('select position from read.checkpoints');
          reads += 1;
        } catch (e) {
          errors.push((e as Error).message);
        }
      }
    };
    const running = [reader(), reader(), reader()];
    try {
      const appending = appendAll(store, generateHistory({ users: 3, events: 300, seed: 22 }));
      await sleep(100);
      await rebuildReadModels({ store, databaseUrl: database.url, fresh: true, pageSize: 50, flushEveryEvents: 200 });
      await appending;
      await projector.caughtUp();
    } finally {
      reading = false;
      await Promise.all(running);
      await readers.end();
      await projector.stop();
    }
    expect(errors).to.deep.equal([]);
    expect(reads).to.be.greaterThan(10);

    const log = await store.readAll({ after: START, maxCount: 100_000 });
    for (const userId of new Set(log.map((e) => (e.data as { userId: string }).userId))) {
      expect(await userRowsFromTables(db, 'read', userId), `rows of ${userId}`).to.deep.equal(replayUser(log, { userId }));
    }
  });
});
