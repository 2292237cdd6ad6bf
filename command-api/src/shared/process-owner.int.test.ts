import { expect } from 'chai';
import { sql } from 'kysely';
import pg from 'pg';
import { startTestApi, type TestApi } from '../testing/http';
import { createProcessOwner, type ProcessOwner } from './process-owner';

/**
 * A keyed POST whose first attempt's process died (a crash, a SIGKILL) leaves its record pending.
 * With owner locks a retry tells a dead claimant from a live one at once: it takes over the first,
 * and waits for the second as before (then 409 'still in progress').
 */
describe('Idempotency-Key records claimed by a process that died', () => {
  let api: TestApi;
  let owner: ProcessOwner;
  let other: pg.Client | undefined;
  before(async () => {
    let databaseUrl = '';
    owner = createProcessOwner(() => new pg.Client({ connectionString: databaseUrl }));
    api = await startTestApi({ idempotency: { waitMs: 300, abandonAfterMs: 60_000, owner } });
    databaseUrl = api.databaseUrl;
  });
  after(async () => {
    await other?.end();
    await owner?.close();
    await api?.close();
  });

  const deposit = (token: string, key: string) =>
    api.request<{ message: string }>('POST', '/api/bankroll', { token, body: { amount: 25 }, headers: { 'Idempotency-Key': key } });
  /** As if the first attempt had been cut off right after claiming the key, just now, by process `claimant`. */
  const cutOff = (key: string, claimant: number) =>
    sql`UPDATE command.idempotency SET state = 'pending', body = NULL, created_at = now(), owner = ${claimant} WHERE key = ${key}`.execute(
      api.db,
    );

  it('records the claiming process on each record', async () => {
    const me = await api.signUp('owner');
    expect((await deposit(me.token, 'owned-1')).status).to.equal(201);
    const row = await api.db.selectFrom('command.idempotency').select('owner').where('key', '=', 'owned-1').executeTakeFirstOrThrow();
    expect(row.owner).to.equal(await owner.current());
  });

  it('takes over at once a record whose process no longer holds its lock, and deposits once', async () => {
    const me = await api.signUp('owner');
    expect((await deposit(me.token, 'gone-1')).status).to.equal(201);
    await cutOff('gone-1', 424242); // a number no process holds
    const retry = await deposit(me.token, 'gone-1');
    expect(retry.status, JSON.stringify(retry.body)).to.equal(201);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from eventstore.events where type = 'FundsAdded' and data->>'userId' = ${me.userId}`.execute(api.db);
    expect(rows[0].n).to.equal(1);
  });

  it('still waits for a record whose process is alive (its lock held), then answers 409', async () => {
    const me = await api.signUp('owner');
    expect((await deposit(me.token, 'alive-1')).status).to.equal(201);
    other = new pg.Client({ connectionString: api.databaseUrl });
    await other.connect();
    await other.query('select pg_advisory_lock($1::int, $2::int)', [0x62745f6f, 777]);
    await cutOff('alive-1', 777);
    const retry = await deposit(me.token, 'alive-1');
    expect(retry.status).to.equal(409);
    // Once that process is gone, the next retry goes through.
    await other.end();
    other = undefined;
    expect((await deposit(me.token, 'alive-1')).status).to.equal(201);
  });
});
