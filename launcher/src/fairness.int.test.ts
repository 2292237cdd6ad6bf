import { expect } from 'chai';
import { LOG_POSITION_HEADER, MIN_POSITION_HEADER, READ_MODELS_BEHIND_HEADER } from '@bt/contracts';
import type { RunningProduct } from './product';
import { startTestProduct, type ProductClient, type TestProduct } from './testing/test-product';

const ROWS = 30_000;
const csvOf = (rows: number) =>
  [
    'date,sport,event,betType,odds,stake,outcome,notes',
    ...Array.from({ length: rows }, (_, i) => `2025-03-${String(1 + (i % 28)).padStart(2, '0')},hockey,Bulk ${i},moneyline,+120,10,win,`),
  ].join('\n');

/**
 * Bulk work never stalls anyone: while one user imports a large file, every other user's
 * read after their own write (X-Min-Position) shows that write, the product stays ready, and the
 * importing user sees none of the import until all of it, which it has once the import answers.
 * Asserts what is seen, not durations.
 */
describe('one user’s import and everyone else’s reads (the one-process product, real Postgres)', function () {
  this.timeout(300_000);
  let running: TestProduct;
  let product: RunningProduct;
  let call: ProductClient['call'];
  let register: ProductClient['signUp'];

  before(async () => {
    running = await startTestProduct('fairness');
    product = running.product;
    // Each read below names the write it must show (X-Min-Position), not the newest of anyone's.
    ({ call, signUp: register } = running.client({ followWrites: false }));
  });
  after(() => running?.stop());

  const signUp = async (name: string) => (await register(name)).token;
  const total = async (token: string) => (await call('GET', '/api/bets?page=1&pageSize=1', token)).body!.total as number;

  it('shows every other user their own writes at once, keeps /readyz 200, and shows the import all at once when it answers', async () => {
    const importer = await signUp('importer');
    const others = await Promise.all(['ann', 'bob', 'cat', 'dan'].map(signUp));

    let done = false;
    const importing = fetch(`${product.url}/api/import/bets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${importer}`, 'Content-Type': 'text/csv', 'Idempotency-Key': 'bulk-1' },
      body: csvOf(ROWS),
    }).finally(() => (done = true));

    let reads = 0;
    const stale: string[] = [];
    const importerSaw = new Set<number>();
    let notReady = 0;
    await Promise.all([
      ...others.map(async (token, u) => {
        for (let i = 0; !done || i < 3; i++) {
          const written = await call('POST', '/api/bets', token, {
            sport: 'soccer',
            event: `Live ${u}-${i}`,
            betType: 'moneyline',
            odds: '+100',
            stake: 5,
            outcome: 'pending',
            date: '2025-03-01',
          });
          expect(written.status).to.equal(201);
          const position = written.headers.get(LOG_POSITION_HEADER)!;
          const read = await call('GET', '/api/bets?page=1&pageSize=1', token, undefined, { [MIN_POSITION_HEADER]: position });
          reads += 1;
          const first = (read.body!.items as { event: string }[])[0];
          if (read.headers.get(READ_MODELS_BEHIND_HEADER) === 'true' || first?.event !== `Live ${u}-${i}`) stale.push(`${u}-${i}`);
        }
      }),
      (async () => {
        while (!done) {
          importerSaw.add(await total(importer));
          if ((await fetch(`${product.url}/readyz`)).status !== 200) notReady += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
    ]);
    const imported = await importing;
    expect(imported.status).to.equal(200);
    expect(reads).to.be.greaterThan(20);
    expect(stale, `stale reads of ${reads}`).to.deep.equal([]);
    expect(notReady, '/readyz answers that were not 200').to.equal(0);
    // None of it while it ran, or all of it: the import answers once its rows show, so a read in
    // between (after the rows show, before the answer arrives) may see every one of them.
    expect(importerSaw.has(0), 'the importing user saw none of it at first').to.equal(true);
    expect(
      [...importerSaw].filter((seen) => seen !== 0 && seen !== ROWS),
      'what the importing user saw while it ran, other than none or all',
    ).to.deep.equal([]);

    // Then all of it at once, by the time the import answers.
    expect(await total(importer)).to.equal(ROWS);
    expect((await call('GET', '/api/imports/bulk-1', importer)).body).to.deep.include({
      status: 'committed',
      imported: ROWS,
      visible: true,
    });
  });
});
