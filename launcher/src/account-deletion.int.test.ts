import { expect } from 'chai';
import pg from 'pg';
import { MESSAGES, personalFields } from '@bt/contracts';
import { createEventStore } from '@bt/event-store';
import { rebuildReadModels } from '@bt/projector';
import { startTestProduct, type ProductClient, type TestProduct } from './testing/test-product';
import { tablesNaming } from './testing/user-traces';

/**
 * DELETE /api/account on the one-process product (real Postgres, the live projector): the account
 * and everything of it goes, everyone else's data stays byte for byte, and a rebuild agrees.
 */
describe('deleting an account for good (the one-process product, real Postgres)', function () {
  this.timeout(300_000);
  let running: TestProduct;
  let call: ProductClient['call'];
  let signUp: ProductClient['signUp'];
  let client: pg.Client;

  before(async () => {
    running = await startTestProduct('deletion');
    ({ call, signUp } = running.client());
    client = new pg.Client({ connectionString: running.database.url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await running?.stop();
  });

  const record = async (token: string, name: string) => {
    const bet = {
      sport: 'hockey',
      event: `${name}'s secret match`,
      betType: 'moneyline',
      odds: '+120',
      stake: 10,
      outcome: 'win',
      notes: `${name} note`,
      tags: [`${name}-tag`],
    };
    expect((await call('POST', '/api/bets', token, bet)).status).to.equal(201);
    expect((await call('POST', '/api/journal', token, { title: `${name} diary`, content: `${name} wrote this` })).status).to.equal(201);
    expect((await call('POST', '/api/goals', token, { title: `${name} goal`, targetAmount: 100 })).status).to.equal(201);
    expect((await call('POST', '/api/bankroll', token, { amount: 50 })).status).to.be.oneOf([200, 201]);
  };
  const readsOf = async (token: string) => {
    const paths = ['/api/auth/me', '/api/bets', '/api/stats', '/api/stats/streaks', '/api/goals', '/api/journal', '/api/bankroll'];
    paths.push('/api/export/bets.csv', '/api/events');
    return Promise.all(paths.map(async (path) => `${path}: ${(await call('GET', path, token)).text}`));
  };
  const rowsNaming = (userId: string, schemas: string[]) => tablesNaming(client, userId, schemas);

  it('refuses a wrong password with a message and deletes nothing', async () => {
    const eve = await signUp('eve');
    await record(eve.token, 'eve');
    const before = await readsOf(eve.token);
    const wrong = await call('DELETE', '/api/account', eve.token, { password: 'not-it' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.deep.equal({ message: MESSAGES.accountPasswordWrong });
    const missing = await call('DELETE', '/api/account', eve.token, {});
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.equal({ message: MESSAGES.passwordRequired });
    expect(await readsOf(eve.token)).to.deep.equal(before);
  });

  it('throttles wrong passwords as a password change does', async () => {
    const guess = await signUp('guess');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call('DELETE', '/api/account', guess.token, { password: `guess-${i}` })).status);
    expect(statuses.slice(0, 10)).to.deep.equal(new Array(10).fill(400));
    expect(statuses[10]).to.equal(429);
    expect((await call('GET', '/api/auth/me', guess.token)).status).to.equal(200);
  });

  it('erases the account: 204, tokens refused, no row or event of it left, the e-mail free, everyone else untouched, a rebuild agrees', async () => {
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    await record(alice.token, 'alice');
    await record(bob.token, 'bob');
    // A public page too: it goes with the account, and its handle is free at once.
    expect((await call('PUT', '/api/profile', alice.token, { handle: 'alice-page', enabled: true })).status).to.equal(200);
    let shown = 0;
    for (let i = 0; i < 100 && shown !== 200; i++, await new Promise((resolve) => setTimeout(resolve, 50))) {
      shown = (await call('GET', '/api/public/profiles/alice-page')).status; // the public read waits for no position
    }
    expect(shown).to.equal(200);
    const otherLogin = await call('POST', '/api/auth/login', undefined, { email: 'alice@example.com', password: 'alice-password' });
    const bobBefore = await readsOf(bob.token);
    expect(await rowsNaming(alice.id, ['read'])).to.include('read.bets');

    const deleted = await call('DELETE', '/api/account', alice.token, { password: 'alice-password' });
    expect(deleted.status, deleted.text).to.equal(204);
    for (const token of [alice.token, otherLogin.body!.token as string]) {
      expect((await call('GET', '/api/auth/me', token)).status).to.equal(401);
      expect(
        (await call('POST', '/api/bets', token, { sport: 'hockey', event: 'x', betType: 'moneyline', odds: '+100', stake: 1 })).status,
      ).to.equal(401);
    }
    expect((await call('POST', '/api/auth/login', undefined, { email: 'alice@example.com', password: 'alice-password' })).status).to.equal(
      401,
    );

    await readsOf(bob.token); // waits (X-Min-Position) until the projector has folded the deletion
    expect(await rowsNaming(alice.id, ['read', 'command', 'auth'])).to.deep.equal([]);
    const { rows: left } = await client.query(
      `select type, data::text as data from eventstore.events where data::text like '%alice%' or data->>'userId' = $1`,
      [alice.id],
    );
    expect(left).to.deep.equal([{ type: 'AccountDeleted', data: JSON.stringify({ userId: alice.id }) }]);
    expect(await readsOf(bob.token)).to.deep.equal(bobBefore);

    const again = await signUp('alice');
    expect(again.id).to.not.equal(alice.id);
    expect((await call('GET', '/api/bets', again.token)).body).to.deep.equal([]);
    expect((await call('GET', '/api/public/profiles/alice-page')).status).to.equal(404);
    const handle = await call('PUT', '/api/profile', again.token, { handle: 'alice-page', enabled: false });
    expect(handle.status, handle.text).to.equal(200);

    const store = await createEventStore(running.database.url, {}, { ...running.product.personalData, fields: personalFields });
    try {
      await rebuildReadModels({ store, databaseUrl: running.database.url, log: () => undefined });
    } finally {
      await store.close();
    }
    expect(await rowsNaming(alice.id, ['read'])).to.deep.equal([]);
    expect(await readsOf(bob.token)).to.deep.equal(bobBefore);
    expect(((await call('GET', '/api/auth/me', again.token)).body as { email: string }).email).to.equal('alice@example.com');
  });
});
