import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, type PostgresEventStore } from '@bt/event-store';
import { type Database, type ReadModelName, SHADOW_SCHEMA } from '@bt/read-models';
import { startProjector, type RunningProjector } from './projector';
import { rebuildReadModels } from './rebuild';
import { REBUILD_NODE_FLAGS } from './rebuild-cli';
import { appendAll, snapshotTables } from './testing/database';
import { generateHistory } from './testing/generate';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ONLY: ReadModelName[] = ['streaks', 'analyticsDaily', 'analyticsMonthly', 'analyticsTotals'];
const ONLY_TABLES = ['streaks', 'analytics_daily', 'analytics_monthly', 'analytics_totals'];

describe('rebuilding some read models only (real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];
  let projector: RunningProjector;
  const q = <T>(query: ReturnType<typeof sql<T>>) => query.execute(db).then((r) => r.rows);
  const tableOid = async (table: string) => (await q(sql<{ oid: string }>`select ${`read.${table}`}::regclass::oid::text as oid`))[0].oid;
  const firstUser = async (table: string) =>
    (await q(sql<{ u: string }>`select user_id::text as u from ${sql.id('read', table)} order by 1 limit 1`))[0].u;

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    ({ db } = createDb<Database>(database.url, 2));
    await appendAll(store, generateHistory({ users: 5, events: 1200, seed: 21 }));
    projector = await startProjector({ store, databaseUrl: database.url, batchSize: 200 });
    await projector.caughtUp();
  });
  after(async () => {
    await projector?.stop();
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('--only swaps in the named read models, rebuilt, while the others keep their rows, tables and checkpoint and appends go on', async () => {
    const user = await firstUser('bankroll');
    // Rows no projection would write: the bankroll's stays (not rebuilt), the streaks' is rebuilt away.
    await q(sql`update read.bankroll set deposits = deposits + 1000 where user_id = ${user}`);
    await q(sql`update read.streaks set recent_streaks = '[]'::jsonb where user_id = ${user}`);
    const kept = { bankroll: await tableOid('bankroll'), checkpoints: await tableOid('checkpoints'), bets: await tableOid('bets') };
    const rebuilt = await tableOid('streaks');
    const [{ now: startedAt }] = await q(sql<{ now: Date }>`select now()`);

    // Appends (other users) go on while the rebuild runs; the live projector keeps projecting them.
    const appending = appendAll(store, generateHistory({ users: 2, events: 300, seed: 77 }));
    const result = await rebuildReadModels({
      store,
      databaseUrl: database.url,
      only: ONLY,
      fresh: true,
      pageSize: 100,
      flushEveryEvents: 300,
    });
    await appending;
    await projector.caughtUp();

    expect(result.swapped).to.equal(true);
    expect(await tableOid('bankroll')).to.equal(kept.bankroll);
    expect(await tableOid('checkpoints')).to.equal(kept.checkpoints);
    expect(await tableOid('bets')).to.equal(kept.bets);
    expect(await tableOid('streaks')).not.to.equal(rebuilt);
    const versions = await q(sql<{ name: string }>`select name from read.read_model_versions where updated_at > ${startedAt} order by 1`);
    expect(versions.map((v) => v.name)).to.deep.equal([...ONLY].sort());

    // Every row as a full rebuild builds it, but the bankroll row no projection wrote (left as it was).
    const afterOnly = await snapshotTables(db, 'read');
    await rebuildReadModels({ store, databaseUrl: database.url, fresh: true, pageSize: 100 });
    const full = await snapshotTables(db, 'read');
    for (const table of Object.keys(full).filter((t) => t !== 'bankroll')) expect(afterOnly[table], table).to.deep.equal(full[table]);
    const changed = afterOnly.bankroll.filter((row, i) => JSON.stringify(row) !== JSON.stringify(full.bankroll[i]));
    expect(changed).to.have.length(1);
    expect((changed[0] as { user_id: string }).user_id).to.equal(user);
  });

  it('--diff reports exactly the rows that differ, per read model, and swaps only with --swap', async () => {
    await projector.caughtUp();
    const user = await firstUser('analytics_totals');
    const streaksUser = await firstUser('streaks');
    // The live rows as a changed read model would leave them: one changed, one missing, one extra.
    const [totals] = await q(sql<{ sport: string }>`select sport from read.analytics_totals where user_id = ${user}`);
    await q(sql`update read.analytics_totals set sport = '[]' where user_id = ${user}`);
    await q(sql`delete from read.streaks where user_id = ${streaksUser}`);
    await q(sql`insert into read.analytics_daily
      select (jsonb_populate_record(null::read.analytics_daily, to_jsonb(a) || '{"date": "1999-01-01"}')).*
      from read.analytics_daily a where user_id = ${user} limit 1`);
    const tampered = await snapshotTables(db, 'read');

    const report = await rebuildReadModels({ store, databaseUrl: database.url, only: ONLY, diff: true, pageSize: 100 });

    expect(report.swapped).to.equal(false);
    const diff = Object.fromEntries(report.diff!.map((d) => [d.model, d]));
    expect(diff.analyticsMonthly.users).to.equal(0);
    expect(diff.analyticsTotals).to.include({ users: 1, added: 0, removed: 0, changed: 1 });
    expect(diff.analyticsTotals.examples).to.deep.equal([
      {
        user,
        key: { user_id: user },
        kind: 'changed',
        columns: [{ column: 'sport', before: '[]', after: totals.sport }],
      },
    ]);
    expect(diff.streaks).to.include({ users: 1, added: 1, removed: 0, changed: 0 });
    expect(diff.streaks.examples[0]).to.include({ user: streaksUser, kind: 'added' });
    expect(diff.analyticsDaily).to.include({ users: 1, added: 0, removed: 1, changed: 0 });
    expect(diff.analyticsDaily.examples[0].key).to.include({ user_id: user, date: '1999-01-01' });
    expect(await snapshotTables(db, 'read'), 'nothing swapped').to.deep.equal(tampered);

    const swapped = await rebuildReadModels({ store, databaseUrl: database.url, only: ONLY, diff: true, swap: true, pageSize: 100 });
    expect(swapped.swapped).to.equal(true);
    const again = await rebuildReadModels({ store, databaseUrl: database.url, only: ONLY, diff: true, fresh: true, pageSize: 100 });
    expect(again.diff!.map((d) => d.users)).to.deep.equal([0, 0, 0, 0]);
  });

  it('resumes an --only rebuild killed half-way, and ends with the same rows', async () => {
    await projector.caughtUp();
    await q(sql`update read.streaks set recent_streaks = '[]'::jsonb`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', ...REBUILD_NODE_FLAGS, 'projector/src/rebuild-cli.ts', '--fresh', '--only', ONLY_TABLES.join(',')],
      {
        cwd: repository,
        env: { ...process.env, DATABASE_URL: database.url, REBUILD_PAGE_SIZE: '10', REBUILD_FLUSH_EVERY_EVENTS: '50' },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let saved: string | undefined;
      for (let i = 0; i < 1500 && !saved; i++) {
        await sleep(10);
        saved = (await q(sql<{ position: string }>`select position from ${sql.id(SHADOW_SCHEMA, 'checkpoints')}`).catch(() => []))[0]
          ?.position;
      }
      expect(saved, 'the rebuild saved a checkpoint before being killed').to.be.a('string');
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
    }
    expect((await q(sql<{ r: unknown[] }>`select recent_streaks as r from read.streaks`)).every((row) => row.r.length === 0)).to.equal(
      true,
    );

    const result = await rebuildReadModels({ store, databaseUrl: database.url, only: ONLY, pageSize: 100 });

    expect(result.resumedFrom).to.be.a('string');
    const resumed = await snapshotTables(db, 'read');
    await rebuildReadModels({ store, databaseUrl: database.url, fresh: true, pageSize: 100 });
    const full = await snapshotTables(db, 'read');
    for (const table of Object.keys(full)) expect(resumed[table], table).to.deep.equal(full[table]);
  });
});
