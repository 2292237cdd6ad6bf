import { expect } from 'chai';
import type { RunningProduct } from '../product';
import { startTestProduct, type TestProduct } from '../testing/test-product';

/*
 * An attacker's pass on the transparency log's public reads (the one-process product, real
 * Postgres): indexes beyond the tree, sizes 0, negative, 2^53 and not whole, repeated parameters;
 * each a 400 with a message, never a 500.
 */
describe('attacks on the transparency log’s proofs', function () {
  this.timeout(300_000);
  let running: TestProduct;
  let product: RunningProduct;
  let size = 0;

  before(async () => {
    running = await startTestProduct('log-attacks', { TRANSPARENCY_SIGN_EVERY_MS: '50' });
    product = running.product;
    const { call, signUp } = running.client();
    const { token } = await signUp('log');
    for (let i = 0; i < 3; i++) {
      const bet = { sport: 'hockey', event: `Game ${i}`, betType: 'moneyline', odds: '+120', stake: 10 };
      expect((await call('POST', '/api/bets', token, bet)).status).to.equal(201);
    }
    for (let i = 0; i < 600 && size < 3; i++) {
      const answer = await fetch(`${product.url}/api/log/checkpoint`);
      if (answer.status === 200) size = Number((await answer.text()).split('\n')[1]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  after(() => running?.stop());

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
