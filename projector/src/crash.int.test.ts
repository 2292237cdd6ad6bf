import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import {
  comparePositions,
  createPostgresEventStore,
  formatPosition,
  parsePosition,
  type Position,
  type PostgresEventStore,
  START,
} from '@bt/event-store';
import { CHECKPOINT_NAME, type Database } from '@bt/read-models';
import { rebuildReadModels } from './rebuild';
import { appendAll, snapshotTables } from './testing/database';
import { generateHistory } from './testing/generate';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('projector crash safety (real process, real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];
  const children: ChildProcess[] = [];

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url });
    ({ db } = createDb<Database>(database.url, 2));
  });
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  const startProjectorProcess = (batchSize: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'projector/src/main.ts'], {
      cwd: repository,
      env: { ...process.env, DATABASE_URL: database.url, PROJECTOR_BATCH_SIZE: String(batchSize), PROJECTOR_BATCH_MS: '5' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    children.push(child);
    return { child, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)), stderr: () => stderr };
  };

  const checkpoint = async (): Promise<Position> => {
    const row = await db
      .withSchema('read')
      .selectFrom('checkpoints')
      .select('position')
      .where('name', '=', CHECKPOINT_NAME)
      .executeTakeFirst()
      .catch(() => undefined); // the process may still be creating the schema
    return (row && parsePosition(row.position)) || START;
  };

  const waitFor = async (reached: (p: Position) => boolean, what: string, logs: () => string) => {
    for (let i = 0; i < 3000; i++) {
      if (reached(await checkpoint())) return;
      await sleep(10);
    }
    throw new Error(`timed out waiting for ${what}:\n${logs()}`);
  };

  it('never applies an event twice or skips one when SIGKILLed mid-way: the tables equal a clean rebuild', async () => {
    await appendAll(store, generateHistory({ users: 8, events: 3000, seed: 31 }));
    const head = await store.headPosition();
    const total = Number(head.prepare);

    for (const fraction of [0.25, 0.6]) {
      const run = startProjectorProcess(20);
      await waitFor((p) => Number(p.prepare) >= total * fraction, `${fraction * 100}% of the log`, run.stderr);
      run.child.kill('SIGKILL');
      await run.exited;
      expect(comparePositions(await checkpoint(), head), 'killed before reaching the head').to.be.lessThan(0);
    }

    const run = startProjectorProcess(500);
    await waitFor((p) => comparePositions(p, head) >= 0, 'the head', run.stderr);
    run.child.kill('SIGTERM');
    expect(await run.exited).to.equal(0);
    expect(formatPosition(await checkpoint())).to.equal(formatPosition(head));
    const recovered = await snapshotTables(db, 'read');
    expect(recovered.bets.length).to.be.greaterThan(300);

    await rebuildReadModels({ store, databaseUrl: database.url, fresh: true });
    expect(recovered).to.deep.equal(await snapshotTables(db, 'read'));
  });
});
