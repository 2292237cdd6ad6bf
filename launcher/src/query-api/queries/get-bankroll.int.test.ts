import { expect } from 'chai';
import { bankroll, bankrollLedger } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { rebuildReadModels } from '@bt/projector';
import { startHarness, type Harness } from '../../testing/query-harness';

describe('GET /api/bankroll and /api/bankroll/ledger', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  it('lists deposits, withdrawals and adjustments newest first, an undone one marked, with the version to undo on', async () => {
    const ann = new EventLog().register();
    ann.at('2025-06-01T09:00:00.000Z').addFunds(500, 'Opening deposit');
    ann.at('2025-06-02T09:00:00.000Z').addFunds(5000, 'Typo');
    ann.at('2025-06-02T09:01:00.000Z').undoBankrollEntry(1);
    ann.at('2025-06-03T09:00:00.000Z').withdraw(100);
    ann.at('2025-06-04T09:00:00.000Z').adjustBankroll(390, -10, 'Counted');
    const position = await h.record(ann.events);

    const ledger = bankrollLedger.parse(await h.json('/api/bankroll/ledger', ann.userId, position));
    expect(ledger.version).to.equal(4);
    expect(ledger.entries).to.deep.equal([
      {
        revision: 4,
        kind: 'adjustment',
        amount: -10,
        countedBalance: 390,
        note: 'Counted',
        at: '2025-06-04T09:00:00.000Z',
        undoneAt: null,
      },
      { revision: 3, kind: 'withdrawal', amount: -100, countedBalance: null, note: null, at: '2025-06-03T09:00:00.000Z', undoneAt: null },
      {
        revision: 1,
        kind: 'deposit',
        amount: 5000,
        countedBalance: null,
        note: 'Typo',
        at: '2025-06-02T09:00:00.000Z',
        undoneAt: '2025-06-02T09:01:00.000Z',
      },
      {
        revision: 0,
        kind: 'deposit',
        amount: 500,
        countedBalance: null,
        note: 'Opening deposit',
        at: '2025-06-01T09:00:00.000Z',
        undoneAt: null,
      },
    ]);
    expect(bankroll.parse(await h.json('/api/bankroll', ann.userId, position))).to.include({
      amount: 390,
      deposits: 500,
      withdrawals: 100,
      adjustments: -10,
      atRisk: 0,
      available: 390,
    });
  });

  it('puts the stakes of pending bets and parlays at risk (not bonus stakes, not settled ones) and the rest available', async () => {
    const bea = new EventLog().register().addFunds(300);
    bea.placeBet({ stake: 40 });
    bea.placeBet({ stake: 25, bonusBet: true });
    bea.placeBet({ stake: 10, odds: '+100' }, 'win');
    bea.createParlay([{ odds: '+100' }, { odds: '+100' }], { stake: 15 });
    const position = await h.record(bea.events);
    expect(bankroll.parse(await h.json('/api/bankroll', bea.userId, position))).to.include({ amount: 310, atRisk: 55, available: 255 });
  });

  it("shows nobody another user's ledger, and the same rows after a rebuild", async () => {
    const cal = new EventLog().register().addFunds(20, 'Mine');
    const dee = new EventLog().register();
    const position = await h.record([...cal.events, ...dee.events]);
    expect(await h.json('/api/bankroll/ledger', dee.userId, position)).to.deep.equal({ version: null, entries: [] });
    const before = await h.json('/api/bankroll/ledger', cal.userId, position);

    await h.settle();
    const rebuilt = await rebuildReadModels({ store: h.store, databaseUrl: h.database.url, fresh: true, log: () => undefined });
    expect(rebuilt.setAside).to.equal(0);
    expect(await h.json('/api/bankroll/ledger', cal.userId)).to.deep.equal(before);
  });

  it('answers 401 without a token', async () => {
    expect((await h.get('/api/bankroll/ledger', null)).status).to.equal(401);
  });
});
