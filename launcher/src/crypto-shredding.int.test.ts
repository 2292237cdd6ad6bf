import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { personalFields } from '@bt/contracts';
import { copyLog, createEventStore, SHREDDED } from '@bt/event-store';
import { createTestDatabase, waitFor } from '@bt/event-store/testing';
import { rebuildReadModels } from '@bt/projector';
import type { RunningProduct } from './product';
import { dumpDatabase } from './testing/database-dump';
import { startTestProduct, type ProductClient, type TestProduct } from './testing/test-product';

/**
 * Crypto-shredding on the one-process product (real Postgres, the live projector and its thread):
 * personal fields are stored encrypted, and once an account is deleted nothing of its e-mail,
 * username or texts is left in the database, nor readable from a copy of the log taken before.
 */
describe('crypto-shredding: a deleted account leaves nothing readable (the one-process product, real Postgres)', function () {
  this.timeout(300_000);
  let running: TestProduct;
  let product: RunningProduct;
  let call: ProductClient['call'];
  let register: ProductClient['signUp'];
  let client: pg.Client;

  before(async () => {
    running = await startTestProduct('shredding');
    product = running.product;
    ({ call, signUp: register } = running.client());
    client = new pg.Client({ connectionString: running.database.url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await running?.stop();
  });

  /** A user whose every personal text holds `name` (and nothing else does). */
  const signUp = async (name: string) => {
    const { token, id } = await register(name, { email: `${name}.mail@example.com`, username: `${name}user` });
    const bet = { sport: 'hockey', event: `${name}'s secret match`, betType: 'moneyline', odds: '+120', stake: 10, outcome: 'win' };
    expect((await call('POST', '/api/bets', token, { ...bet, notes: `${name} note`, tags: [`${name}-tag`] })).status).to.equal(201);
    expect((await call('POST', '/api/journal', token, { title: `${name} diary`, content: `${name} wrote this` })).status).to.equal(201);
    expect((await call('POST', '/api/goals', token, { title: `${name} goal`, targetAmount: 100 })).status).to.equal(201);
    return { token, id };
  };
  const readsOf = async (token: string) => {
    const today = new Date().toISOString().slice(0, 10);
    const paths = ['/api/auth/me', '/api/bets', '/api/stats', '/api/goals', '/api/journal', '/api/export/bets.csv', '/api/events'];
    paths.push(`/api/goals?asOf=${today}`); // a replay, on a replay thread with its own store
    return Promise.all(paths.map(async (path) => `${path}: ${(await call('GET', path, token)).text}`));
  };
  const storedEvents = async () =>
    (await client.query<{ data: string }>('select data::text as data from eventstore.events')).rows.map((r) => r.data).join('\n');

  it('keeps the master key generated on first start in DATA_DIR, readable by its owner only', () => {
    const file = join(running.dataDir, 'data-keys-master');
    expect(readFileSync(file, 'utf8')).to.match(/^1:[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(product.personalData.masterKeys).to.equal(readFileSync(file, 'utf8'));
  });

  it('after a deletion: no trace of the user in a dump, no sign-in, everyone else unchanged, a rebuild works, an old copy reads "[deleted]"', async () => {
    const zelda = await signUp('zelda');
    const bob = await signUp('bob');
    // Stored encrypted (the read models hold the plain text until the deletion erases their rows).
    const stored = await storedEvents();
    expect(stored).to.not.include('zelda').and.to.not.include('bob');
    expect(stored).to.include('enc:v1:');
    const bobBefore = await readsOf(bob.token);
    expect(bobBefore.join('\n')).to.include("bob's secret match").and.to.include('bob wrote this'); // decrypted for its user
    expect(bobBefore[bobBefore.length - 1]).to.include('bob goal');

    // A copy of the log taken before the deletion, as `npm run log:copy` takes it (fields as stored).
    const copyDatabase = await createTestDatabase();
    const source = await createEventStore(product.eventStoreUrl);
    const copy = await createEventStore(copyDatabase.url);
    try {
      await copyLog(source, copy);

      expect((await call('DELETE', '/api/account', zelda.token, { password: 'zelda-password' })).status).to.equal(204);
      expect(await readsOf(bob.token)).to.deep.equal(bobBefore); // waits until the projector has folded the deletion
      // The transparency log's writer follows the log on its own (a poll a second): it erases the texts once it reads the deletion.
      await waitFor(async () => {
        const behind = await client.query<{ behind: boolean }>(
          `select exists (select 1 from eventstore.events e, transparency.follower f
             where (e.commit::text::numeric, e.prepare) > (f.position_commit, f.position_prepare)) as behind`,
        );
        return !behind.rows[0].behind;
      }, 20_000);

      const dump = await dumpDatabase(running.database.url);
      expect(dump.text, dump.tool).to.include("bob's secret match"); // the dump holds the data
      const where = dump.text
        .split('\n-- ')
        .filter((part) => part.includes('zelda'))
        .map((part) => part.slice(0, 2000));
      expect(where, dump.tool).to.deep.equal([]);

      const login = await call('POST', '/api/auth/login', undefined, { email: 'zelda.mail@example.com', password: 'zelda-password' });
      expect(login.status).to.equal(401);

      const store = await createEventStore(running.database.url, {}, { ...product.personalData, fields: personalFields });
      try {
        // In two groups, each read by a worker thread through a store of its own, which must decrypt as the product's does.
        const { personalData } = product;
        await rebuildReadModels({
          store,
          databaseUrl: running.database.url,
          fresh: true,
          partitions: 2,
          eventStoreUrl: running.database.url,
          personalData,
        });
        // The copy read with the product's keys: the deleted user's fields are gone, everyone else's read as written.
        const shredded = await withKeys(copyDatabase.url);
        try {
          const [registered] = await shredded.readStream(`user-${zelda.id}`);
          expect(registered.data).to.include({ userId: zelda.id, email: SHREDDED, username: SHREDDED });
          const [bobRegistered] = await shredded.readStream(`user-${bob.id}`);
          expect(bobRegistered.data).to.include({ email: 'bob.mail@example.com', username: 'bobuser' });
        } finally {
          await shredded.close();
        }
      } finally {
        await store.close();
      }
      expect(await readsOf(bob.token)).to.deep.equal(bobBefore);
      expect(await storedEvents()).to.not.include('zelda');
    } finally {
      await source.close();
      await copy.close();
      await copyDatabase.drop();
    }
  });

  /** An event store on `url` read with the product's data keys (a copy restored next to the keys). */
  const withKeys = (url: string) => createEventStore(url, {}, { ...product.personalData, fields: personalFields });
});
