import { expect } from 'chai';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPositionWaiter, READ_MODELS_CHANNEL, type PositionWaiter } from './wait-for-position';

describe('waiting for the read models to reach a position', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let waiter: PositionWaiter;
  let checkpointReads = 0;

  const setCheckpoint = async (position: string, notify = true) => {
    await pool.query('UPDATE checkpoint SET position = $1', [position]);
    if (notify) await pool.query('SELECT pg_notify($1, $2)', [READ_MODELS_CHANNEL, position]);
  };

  before(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    await pool.query('CREATE TABLE checkpoint (position text NOT NULL)');
    await pool.query(`INSERT INTO checkpoint VALUES ('10.5')`);
  });

  beforeEach(async () => {
    await setCheckpoint('10.5', false);
    checkpointReads = 0;
    waiter = createPositionWaiter({
      newClient: () => new pg.Client({ connectionString: database.url }),
      readCheckpoint: async () => {
        checkpointReads++;
        return (await pool.query<{ position: string }>('SELECT position FROM checkpoint')).rows[0]?.position;
      },
    });
  });

  afterEach(() => waiter.close());

  after(async () => {
    await pool.end();
    await database.drop();
  });

  // No durations are asserted (a loaded machine makes them flaky): what a wait answers, and in what order.
  it('answers reached when the checkpoint is already past the position', async () => {
    expect(await waiter.waitFor('10.4', 3000)).to.equal(true);
    expect(await waiter.waitFor('9.99', 3000)).to.equal(true);
  });

  it('remembers the position it has seen, so a satisfied wait costs no query', async () => {
    await waiter.waitFor('10.5', 3000);
    const reads = checkpointReads;
    expect(await waiter.waitFor('10.1', 3000)).to.equal(true);
    expect(checkpointReads).to.equal(reads);
  });

  it('blocks until the projector notifies a batch at or past the position', async () => {
    const waiting = waiter.waitFor('12.1', 5000);
    let settled = false;
    void waiting.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled, 'still waiting before the projector catches up').to.equal(false);
    await setCheckpoint('11.9'); // a batch, but not far enough (commit is compared before prepare)
    await new Promise((r) => setTimeout(r, 200));
    expect(settled).to.equal(false);
    await setCheckpoint('12.3');
    expect(await waiting).to.equal(true);
  });

  it('compares positions as big integers, not as text', async () => {
    await setCheckpoint('100.2', false);
    expect(await waiter.waitFor('99.1000', 1000)).to.equal(true);
    expect(await waiter.waitFor('18446744073709551615.1', 200)).to.equal(false);
  });

  it('gives up after the bound and lets the read answer with what is there', async () => {
    expect(await waiter.waitFor('50.1', 300)).to.equal(false);
  });

  it('wakes every request waiting on the one shared connection', async () => {
    const waits = [waiter.waitFor('20.1', 5000), waiter.waitFor('20.2', 5000), waiter.waitFor('30.1', 400)];
    await new Promise((r) => setTimeout(r, 100));
    await setCheckpoint('20.5');
    expect(await Promise.all(waits)).to.deep.equal([true, true, false]);
    const listeners = await pool.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    expect(listeners.rows[0].n).to.equal(1);
  });

  it('reconnects after the LISTEN connection is lost', async () => {
    await waiter.waitFor('10.1', 1000);
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    await new Promise((r) => setTimeout(r, 200));
    const waiting = waiter.waitFor('40.1', 5000);
    await new Promise((r) => setTimeout(r, 300));
    await setCheckpoint('40.1');
    expect(await waiting).to.equal(true);
  });
});
