import { expect } from 'chai';
import pg from 'pg';
import { LOG_POSITION_HEADER, MIN_POSITION_HEADER } from '@bt/contracts';
import { startTestProduct, type ProductClient, type TestProduct } from './testing/test-product';
import { tablesNaming } from './testing/user-traces';

const ROWS = 3_000;
const csv = [
  'date,sport,event,betType,odds,stake,outcome,notes',
  ...Array.from(
    { length: ROWS },
    (_, i) => `2025-03-${String(1 + (i % 28)).padStart(2, '0')},hockey,Carol game ${i},moneyline,+120,10,win,carol`,
  ),
].join('\n');
const bet = (event: string) => ({
  sport: 'hockey',
  event,
  betType: 'moneyline',
  odds: '+120',
  stake: 10,
  outcome: 'win',
  notes: 'carol note',
});

/**
 * An attacker's pass on DELETE /api/account (the one-process product, real Postgres, the live
 * projector): the account is deleted while its own writes are in flight (bets one after another on
 * several connections, and a large import). Whatever order they land in, nothing of the user is
 * left (no read-model row, no stream, no data key), no write answers 5xx, and everyone else's data
 * and the projector are untouched.
 */
describe('deleting an account while its writes are in flight (the one-process product, real Postgres)', function () {
  this.timeout(300_000);
  let running: TestProduct;
  let api: ProductClient;
  let client: pg.Client;

  before(async () => {
    running = await startTestProduct('deletion-race');
    api = running.client();
    client = new pg.Client({ connectionString: running.database.url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await running?.stop();
  });

  /** What the log still holds of the user: each stream with an event naming them, and its types. */
  const streamsNaming = async (userId: string) =>
    (
      await client.query<{ stream_id: string; types: string }>(
        `select stream_id, string_agg(distinct type, ',') as types from eventstore.events
          where data->>'userId' = $1 or stream_id like '%' || $1 || '%' group by stream_id order by stream_id`,
        [userId],
      )
    ).rows.map((r) => `${r.stream_id}: ${r.types}`);

  it('leaves no read-model row, stream or data key of the user, answers no 5xx, and the projector goes on for others', async () => {
    const carol = await api.signUp('carol');
    const bob = await api.signUp('bob');
    expect((await api.call('POST', '/api/bets', bob.token, bet('Bob game'))).status).to.equal(201);
    const bobReads = async () =>
      Promise.all(['/api/bets', '/api/stats', '/api/export/bets.csv'].map(async (path) => (await api.call('GET', path, bob.token)).text));
    const bobBefore = await bobReads();

    // Carol's writes, each on its own connection (fetch), from before the deletion until after it.
    const statuses: number[] = [];
    let deleted = false;
    const writer = async (n: number) => {
      for (let i = 0; !deleted || i < 2; i++) {
        const answer = await fetch(`${running.product.url}/api/bets`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${carol.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(bet(`Carol ${n}-${i}`)),
        });
        statuses.push(answer.status);
        await answer.arrayBuffer();
        if (answer.status === 401) return;
      }
    };
    const writers = [0, 1, 2].map(writer);
    const importing = fetch(`${running.product.url}/api/import/bets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${carol.token}`, 'Content-Type': 'text/csv', 'Idempotency-Key': 'carol-import' },
      body: csv,
    }).then(async (answer) => ({ status: answer.status, text: await answer.text() }));
    // Some of Carol's bets are recorded, and her import has begun, before she deletes the account.
    const importRunning = async () => (await api.call('GET', '/api/imports/carol-import', carol.token)).body?.status === 'running';
    for (let i = 0; i < 600 && statuses.filter((s) => s === 201).length < 6; i++) await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 600 && !(await importRunning()); i++) await new Promise((r) => setTimeout(r, 20));

    const deletion = await api.call('DELETE', '/api/account', carol.token, { password: carol.password });
    deleted = true;
    expect(deletion.status, deletion.text).to.equal(204);
    await Promise.all(writers);
    const imported = await importing;

    // 201 before, 401 after; the import recorded all of its rows or none (200), or was refused (401).
    expect(
      statuses.filter((s) => s !== 201 && s !== 401),
      `bet answers ${statuses.join(',')}`,
    ).to.deep.equal([]);
    expect(statuses).to.include(401);
    expect([200, 401], imported.text).to.include(imported.status);

    // Bob's data as before (the read waits for the deletion's position); the projector goes on: his next write shows.
    expect(await bobReads()).to.deep.equal(bobBefore);
    const placed = await api.call('POST', '/api/bets', bob.token, bet('Bob after'));
    expect(placed.status).to.equal(201);
    const read = await api.call('GET', '/api/bets', bob.token, undefined, {
      [MIN_POSITION_HEADER]: placed.headers.get(LOG_POSITION_HEADER)!,
    });
    expect((read.body as unknown as { event: string }[]).map((b) => b.event)).to.include('Bob after');

    expect(await tablesNaming(client, carol.id, ['read', 'command', 'auth'])).to.deep.equal([]);
    const left = await streamsNaming(carol.id);
    const shown = `${left.length} streams left (the import answered ${imported.status}), e.g. ${left.slice(0, 4).join('; ')}`;
    expect(left, shown).to.deep.equal([`account-deleted-${carol.id}: AccountDeleted`]);
    const { rows: keys } = await client.query('select wrapped, version from keys.user_keys where user_id = $1', [carol.id]);
    expect(keys).to.deep.equal([{ wrapped: null, version: null }]);
  });
});
