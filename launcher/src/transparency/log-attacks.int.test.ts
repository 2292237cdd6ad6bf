import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { readConfig } from '../config';
import { startProduct, type RunningProduct } from '../product';

/*
 * An attacker's pass on the transparency log's public reads (the one-process product, real
 * Postgres): indexes beyond the tree, sizes 0, negative, 2^53 and not whole, repeated parameters;
 * each a 400 with a message, never a 500.
 */
describe('attacks on the transparency log’s proofs', function () {
  this.timeout(300_000);
  let database: TestDatabase;
  let dataDir: string;
  let product: RunningProduct;
  let size = 0;

  before(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'bt-log-attacks-'));
    product = await startProduct(
      readConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: 'log-attack-secret-log-attack-secret-0123456789',
        WEB_DIST: join(dataDir, 'no-web-build'),
        TRANSPARENCY_SIGN_EVERY_MS: '50',
      }),
    );
    const registered = await fetch(`${product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'log-attack@example.com', password: 'secret-password', username: 'log' }),
    });
    const { token } = (await registered.json()) as { token: string };
    for (let i = 0; i < 3; i++) {
      const bet = { sport: 'hockey', event: `Game ${i}`, betType: 'moneyline', odds: '+120', stake: 10 };
      await fetch(`${product.url}/api/bets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(bet),
      });
    }
    for (let i = 0; i < 600 && size < 3; i++) {
      const answer = await fetch(`${product.url}/api/log/checkpoint`);
      if (answer.status === 200) size = Number((await answer.text()).split('\n')[1]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  after(async () => {
    await product?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const answer = await fetch(`${product.url}${path}`);
    return { status: answer.status, body: (await answer.json()) as { message?: string } };
  };

  it('answers a proof within the signed tree', async () => {
    expect(size).to.equal(3);
    expect((await get('/api/log/proof/inclusion?index=2&size=3')).status).to.equal(200);
    expect((await get('/api/log/proof/consistency?from=1&to=3')).status).to.equal(200);
  });

  it('answers 400 with a message for indexes and sizes outside the signed tree or not whole numbers', async () => {
    const bad = ['', '-1', '-0', '0x1', '1e3', '1.0', ' 1', '%00', '%FF', '9007199254740992', '9007199254740993', '99999999999999999999'];
    const paths = [
      ...bad.map((n) => `/api/log/proof/inclusion?index=${n}&size=3`),
      ...bad.map((n) => `/api/log/proof/inclusion?index=0&size=${n}`),
      ...bad.map((n) => `/api/log/proof/consistency?from=${n}&to=3`),
      ...bad.map((n) => `/api/log/proof/consistency?from=1&to=${n}`),
      '/api/log/proof/inclusion?index=3&size=3',
      '/api/log/proof/inclusion?index=0&size=0',
      '/api/log/proof/inclusion?index=0&size=4',
      '/api/log/proof/inclusion?index=0&index=1&size=3',
      '/api/log/proof/inclusion?index=0&size=3&size=2',
      '/api/log/proof/consistency?from=0&to=3',
      '/api/log/proof/consistency?from=3&to=2',
      '/api/log/proof/consistency?from=1&to=4',
      '/api/log/proof/consistency?from=1&from=2&to=3',
      '/api/log/proof/inclusion',
    ];
    for (const path of paths) {
      const { status, body } = await get(path);
      expect(status, path).to.equal(400);
      expect(body.message, path).to.be.a('string').and.not.equal('');
    }
  });
});
