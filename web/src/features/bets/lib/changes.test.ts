import { expect } from 'chai';
import type { BetChange } from '@bt/contracts';
import { describeChanges } from './changes';

const change = (type: string, changes: BetChange['changes'], at = '2025-03-01T15:05:00.000Z'): BetChange => ({
  type,
  at,
  version: 0,
  changes,
});

describe('a change log in words', () => {
  const log: BetChange[] = [
    change('BetPlaced', {
      sport: { from: null, to: 'football' },
      betType: { from: null, to: 'total' },
      stake: { from: null, to: 50 },
      odds: { from: null, to: '+150' },
      decimalOdds: { from: null, to: 2.5 },
      outcome: { from: null, to: 'pending' },
      notes: { from: null, to: null },
    }),
    change('BetAmended', { stake: { from: 50, to: 75 }, odds: { from: '+150', to: '-110' }, decimalOdds: { from: 2.5, to: 1.9091 } }),
    change('BetSettled', { outcome: { from: 'pending', to: 'win' }, profit: { from: 0, to: 68.18 }, clv: { from: null, to: 1 } }),
    change('BetRemoved', {}),
    change('BetRestored', {}),
  ];

  it('names each event and says what changed, with the forms’ labels and the app’s money format', () => {
    const views = describeChanges(log, 'american');
    expect(views.map((v) => v.title)).to.deep.equal(['Placed', 'Edited', 'Settled', 'Deleted', 'Restored']);
    expect(views[0].lines).to.deep.equal([
      'Sport: Football',
      'Bet Type: Total (Over/Under)',
      'Odds: +150',
      'Stake: $50.00',
      'Outcome: Pending',
    ]);
    expect(views[1].lines).to.deep.equal(['Odds: +150 -> -110', 'Stake: $50.00 -> $75.00']);
    expect(views[2].lines).to.deep.equal(['Outcome: Pending -> Win', 'Profit/Loss: $0.00 -> +$68.18']);
    expect(views[3].lines).to.deep.equal([]);
  });

  it('shows the labels the app uses elsewhere, and an unknown value as it is', () => {
    const amended = change('BetAmended', { sport: { from: 'other', to: 'hockey' }, outcome: { from: 'cashout', to: 'someday' } });
    const views = describeChanges([log[0], amended], 'american');
    expect(views[1].lines).to.deep.equal(['Sport: Other -> Hockey', 'Outcome: Cashed out -> someday']);
  });

  it('shows odds in the bettor’s format', () => {
    expect(describeChanges(log, 'decimal')[1].lines[0]).to.equal('Odds: 2.50 -> 1.91');
  });

  it('says a unit size applied from Settings in words', () => {
    const applied = change('BetUnitSizeApplied', { unitSize: { from: null, to: 25 }, units: { from: null, to: 2 } });
    const parlay = change('ParlayUnitSizeApplied', { unitSize: { from: null, to: 12.5 } });
    const views = describeChanges([log[0], applied, parlay], 'american');
    expect(views.slice(1).map((v) => v.title)).to.deep.equal([
      'Unit size $25 applied (from Settings)',
      'Unit size $12.50 applied (from Settings)',
    ]);
  });
});
