import { expect } from 'chai';
import { settings } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../../testing/query-harness';
import { rebuildReadModels } from '@bt/projector';

describe('GET /api/settings', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  it('answers american odds and no unit size before the user sets anything', async () => {
    const ann = new EventLog().register();
    const position = await h.record(ann.events);
    expect(settings.parse(await h.json('/api/settings', ann.userId, position))).to.deep.equal({ oddsFormat: 'american', unitSize: null });
  });

  it('answers what the user chose last (read-your-writes), only to them, and the same after a rebuild', async () => {
    const ann = new EventLog().register().setUnitSize(20).chooseOddsFormat('fractional');
    const bob = new EventLog().register().chooseOddsFormat('decimal');
    await h.record([...ann.events, ...bob.events]);
    const before = ann.events.length;
    ann.setUnitSize(12.5);
    const position = await h.record(ann.events.slice(before));
    expect(await h.json('/api/settings', ann.userId, position)).to.deep.equal({ oddsFormat: 'fractional', unitSize: 12.5 });
    expect(await h.json('/api/settings', bob.userId, position)).to.deep.equal({ oddsFormat: 'decimal', unitSize: null });

    const cleared = ann.events.length;
    ann.setUnitSize(null);
    const later = await h.record(ann.events.slice(cleared));
    expect(await h.json('/api/settings', ann.userId, later)).to.deep.equal({ oddsFormat: 'fractional', unitSize: null });

    await h.settle();
    const rebuilt = await rebuildReadModels({ store: h.store, databaseUrl: h.database.url, fresh: true, log: () => undefined });
    expect(rebuilt.setAside).to.equal(0);
    expect(await h.json('/api/settings', ann.userId)).to.deep.equal({ oddsFormat: 'fractional', unitSize: null });
    expect(await h.json('/api/settings', bob.userId)).to.deep.equal({ oddsFormat: 'decimal', unitSize: null });
  });

  it('answers 401 without a token', async () => {
    expect((await h.get('/api/settings', null)).status).to.equal(401);
  });
});
