import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('bankroll ledger projection', () => {
  it('lists deposits, withdrawals and adjustments newest first, each with its time and note', () => {
    const log = new EventLog().register();
    log.at('2025-03-01T09:00:00.000Z').addFunds(500, 'Opening deposit');
    log.at('2025-03-02T09:00:00.000Z').withdraw(120.5);
    log.at('2025-03-03T09:00:00.000Z').adjustBankroll(370, -9.5, 'Counted the account');

    const rows = replayUser(log.events).bankrollEntries.map(({ user_id: _, ...row }) => row);
    expect(rows).to.deep.equal([
      {
        id: '2',
        revision: 2,
        kind: 'adjustment',
        amount: -9.5,
        counted_balance: 370,
        note: 'Counted the account',
        created_at: new Date('2025-03-03T09:00:00.000Z'),
        undone_at: null,
      },
      {
        id: '1',
        revision: 1,
        kind: 'withdrawal',
        amount: -120.5,
        counted_balance: null,
        note: null,
        created_at: new Date('2025-03-02T09:00:00.000Z'),
        undone_at: null,
      },
      {
        id: '0',
        revision: 0,
        kind: 'deposit',
        amount: 500,
        counted_balance: null,
        note: 'Opening deposit',
        created_at: new Date('2025-03-01T09:00:00.000Z'),
        undone_at: null,
      },
    ]);
  });

  it('reads a deposit recorded before notes (version 4) with none', () => {
    const log = new EventLog().register().version(4).addFunds(25);
    expect(replayUser(log.events).bankrollEntries[0]).to.include({ kind: 'deposit', amount: 25, note: null });
  });

  it('keeps an undone entry, marked undone, and takes it out of the balance', () => {
    const log = new EventLog().register().addFunds(100).addFunds(1000);
    log.at('2025-03-05T10:00:00.000Z').undoBankrollEntry(1);
    const replayed = replayUser(log.events);
    expect(replayed.bankrollEntries.map((e) => [e.revision, e.undone_at?.toISOString() ?? null])).to.deep.equal([
      [1, '2025-03-05T10:00:00.000Z'],
      [0, null],
    ]);
    expect(replayed.bankroll).to.include({ deposits: 100, amount: 100, version: 2 });
  });

  it('counts adjustments in the balance and undoes withdrawals and adjustments too', () => {
    const log = new EventLog().register().addFunds(200).withdraw(50).adjustBankroll(140, -10);
    log.placeBet({ odds: '+100', stake: 20 }, 'win');
    expect(replayUser(log.events).bankroll).to.include({
      deposits: 200,
      withdrawals: 50,
      adjustments: -10,
      settled_profit: 20,
      amount: 160,
    });
    log.undoBankrollEntry(2).undoBankrollEntry(1);
    expect(replayUser(log.events).bankroll).to.include({ withdrawals: 0, adjustments: 0, amount: 220, version: 4 });
  });

  it('ignores an undo of an entry that is not there or was undone already', () => {
    const log = new EventLog().register().addFunds(80).undoBankrollEntry(0).undoBankrollEntry(0).undoBankrollEntry(7);
    const replayed = replayUser(log.events);
    expect(replayed.bankroll).to.include({ deposits: 0, amount: 0, version: 3 });
    expect(replayed.bankrollEntries).to.have.length(1);
  });
});
