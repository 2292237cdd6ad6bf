import { expect } from 'chai';
import { MESSAGES, unitSizeCoverage, verifyProfile } from '@bt/contracts';
import { createEventStore } from '@bt/event-store';
import { rebuildReadModels } from '@bt/projector';
import { startTestProduct, type Json, type ProductClient, type TestProduct } from './testing/test-product';

const bet = (event: string) => ({ sport: 'football', event, betType: 'moneyline', odds: '+100', stake: 20, date: '2025-03-01' });
const legs = [
  { sport: 'football', event: 'A', selection: 'A', odds: '+100', outcome: 'win' },
  { sport: 'football', event: 'B', selection: 'B', odds: '+100', outcome: 'win' },
];

/**
 * "Apply my unit size to earlier bets" on the one-process product (real Postgres, the live
 * projector): POST /api/settings/unit-size/apply records it on each bet and parlay placed without a
 * unit size, every unit figure follows, each one's change history says so, and a rebuild agrees.
 */
describe('applying the unit size to earlier bets (the one-process product, real Postgres)', function () {
  this.timeout(300_000);
  let running: TestProduct;
  let call: ProductClient['call'];
  let register: ProductClient['signUp'];

  before(async () => {
    running = await startTestProduct('units', { TRANSPARENCY_SIGN_EVERY_MS: '100' });
    ({ call, signUp: register } = running.client());
  });
  after(() => running?.stop());

  const signUp = async (name: string) => (await register(name)).token;
  const place = async (token: string, event: string) => {
    const res = await call('POST', '/api/bets', token, { ...bet(event), outcome: 'win' });
    expect(res.status, res.text).to.equal(201);
    return res.body as { id: string; version: number };
  };
  const earlier = async (token: string) => unitSizeCoverage.parse((await call('GET', '/api/settings/unit-size/earlier', token)).body);
  const units = async (token: string) => {
    const { unitsWon, unitBets, allBets } = (await call('GET', '/api/stats?range=all', token)).body!;
    return { unitsWon, unitBets, allBets };
  };

  it('covers the bets and parlays without a unit size, once, for their owner only; 400 without a unit size', async () => {
    const ann = await signUp('ann');
    const bob = await signUp('bob');
    const first = await place(ann, 'Before One');
    await place(ann, 'Before Two');
    const parlay = await call('POST', '/api/parlays', ann, { name: 'Sunday', stake: 10, legs, date: '2025-03-01' });
    expect(parlay.status, parlay.text).to.equal(201);
    await place(bob, 'Bob Before');

    const none = await call('POST', '/api/settings/unit-size/apply', ann, undefined, { 'Idempotency-Key': 'ann-none' });
    expect(none.status).to.equal(400);
    expect(none.body).to.deep.equal({ message: MESSAGES.noUnitSizeToApply });
    expect(await earlier(ann)).to.deep.equal({ unitSize: null, bets: 2, parlays: 1 });

    expect((await call('PUT', '/api/settings', ann, { unitSize: 10 })).status).to.equal(200);
    await place(ann, 'After');
    expect(await earlier(ann)).to.deep.equal({ unitSize: 10, bets: 2, parlays: 1 });
    expect(await units(ann)).to.deep.equal({ unitsWon: 2, unitBets: 1, allBets: 4 });

    // Applied: 200 with what it covered; the same key again answers the same and appends nothing.
    const applied = await call('POST', '/api/settings/unit-size/apply', ann, undefined, { 'Idempotency-Key': 'ann-apply' });
    expect(applied.status, applied.text).to.equal(200);
    expect(applied.body).to.deep.equal({ unitSize: 10, bets: 2, parlays: 1 });
    const again = await call('POST', '/api/settings/unit-size/apply', ann, undefined, { 'Idempotency-Key': 'ann-apply' });
    expect(again.body).to.deep.equal({ unitSize: 10, bets: 2, parlays: 1 });
    // 2 + 2 (the bets at +100, 20 staked) + 3 (the parlay, 10 at +300) + 2 (the one placed after)
    expect(await units(ann)).to.deep.equal({ unitsWon: 9, unitBets: 4, allBets: 4 });
    expect(await earlier(ann)).to.deep.equal({ unitSize: 10, bets: 0, parlays: 0 });
    const nothingLeft = await call('POST', '/api/settings/unit-size/apply', ann, undefined, { 'Idempotency-Key': 'ann-again' });
    expect(nothingLeft.body).to.deep.equal({ unitSize: 10, bets: 0, parlays: 0 });

    // Bob's bet is not touched
    expect(await earlier(bob)).to.deep.equal({ unitSize: null, bets: 1, parlays: 0 });

    // The bet's change history says so; its version moved, and an edit with it is accepted, answered in units
    const history = (await call('GET', `/api/bets/${first.id}/history`, ann)).body as unknown as { type: string; changes: Json }[];
    expect(history.map((c) => c.type)).to.deep.equal(['BetPlaced', 'BetSettled', 'BetUnitSizeApplied']);
    expect(history[2].changes).to.deep.include({
      unitSize: { from: null, to: 10 },
      units: { from: null, to: 2 },
      profitUnits: { from: null, to: 2 },
    });
    const rows = (await call('GET', '/api/bets', ann)).body as unknown as { id: string; version: number }[];
    const row = rows.find((b) => b.id === first.id)!;
    expect(row.version).to.equal(first.version + 1);
    const edited = await call(
      'PUT',
      `/api/bets/${first.id}`,
      ann,
      { ...bet('Before One'), stake: 30, outcome: 'win' },
      { 'If-Match': String(row.version) },
    );
    expect(edited.status, edited.text).to.equal(200);
    expect(edited.body).to.include({ unitSize: 10, units: 3 });

    const store = await createEventStore(running.database.url);
    try {
      await rebuildReadModels({ store, databaseUrl: running.database.url, log: () => undefined });
    } finally {
      await store.close();
    }
    expect(await units(ann)).to.deep.equal({ unitsWon: 10, unitBets: 4, allBets: 4 });
  });

  it('commits the units again on the transparency log: the verified units agree with the record, and a pick logged before its start stays so', async () => {
    const cy = await signUp('cy');
    const startsAt = new Date(Date.now() + 3_000).toISOString();
    for (const event of ['Cy Before One', 'Cy Before Two']) {
      const res = await call('POST', '/api/bets', cy, { ...bet(event), outcome: 'win', startsAt });
      expect(res.status, res.text).to.equal(201);
    }
    expect((await call('PUT', '/api/profile', cy, { handle: 'cy-units', enabled: true })).status).to.equal(200);
    expect((await call('PUT', '/api/settings', cy, { unitSize: 10 })).status).to.equal(200);
    expect(await earlier(cy)).to.deep.equal({ unitSize: 10, bets: 2, parlays: 0 }); // read once the read models have them
    await new Promise((ok) => setTimeout(ok, Date.parse(startsAt) - Date.now() + 500)); // applied after the games started
    const applied = await call('POST', '/api/settings/unit-size/apply', cy, undefined, { 'Idempotency-Key': 'cy-apply' });
    expect(applied.body).to.deep.equal({ unitSize: 10, bets: 2, parlays: 0 });

    const key = (await call('GET', '/api/log/key', undefined)).body!.key as string;
    // The page and its proofs follow the read models and the log a moment after the write.
    const deadline = Date.now() + 20_000;
    let record: Json;
    let verified: Awaited<ReturnType<typeof verifyProfile>>;
    do {
      await new Promise((ok) => setTimeout(ok, 200));
      record = (await call('GET', '/api/public/profiles/cy-units', undefined)).body!.record as Json;
      verified = await verifyProfile((await call('GET', '/api/public/profiles/cy-units/proofs', undefined)).body, key);
    } while ((record.unitsWon !== 4 || verified.figures.all.units !== 4) && Date.now() < deadline);
    expect(record).to.include({ unitsWon: 4 });
    expect(verified.ok, `${verified.failure} ${JSON.stringify(verified.bets)}`).to.equal(true);
    expect(verified.figures.all).to.include({ bets: 2, wins: 2, units: record.unitsWon });
    expect(verified.bets.map((b) => b.beforeStart)).to.deep.equal([true, true]);
    expect(verified.figures.beforeStart).to.include({ bets: 2, units: 4 });
  });
});
