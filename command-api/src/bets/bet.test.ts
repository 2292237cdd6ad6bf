import { expect } from 'chai';
import { fold, type Recorded } from '../shared/command';
import { EARLIER, NOW, USER } from '../testing/decider-spec';
import { bet, type BetEvent } from './bet';

const BET = '0190a000-0000-7000-8000-0000000000b1';
const at = (event: BetEvent, occurredAt = EARLIER): Recorded<BetEvent> => ({ ...event, occurredAt });
const placed = at({
  type: 'BetPlaced',
  data: {
    userId: USER,
    betId: BET,
    sport: 'hockey',
    event: 'A @ B',
    betType: 'moneyline',
    odds: '-110',
    stake: 110,
    notes: null,
    date: '2025-03-01',
  },
});
const amended = at({ type: 'BetAmended', data: { userId: USER, betId: BET, changes: { stake: 55 } } }, NOW);
const settled = at({ type: 'BetSettled', data: { userId: USER, betId: BET, outcome: 'win' } }, NOW);
const removed = at({ type: 'BetRemoved', data: { userId: USER, betId: BET } });

describe('the bet aggregate (evolve)', () => {
  it('given a placed bet, then it is pending, created and updated when it was placed', () =>
    expect(fold(bet, [placed])).to.deep.include({
      status: 'placed',
      outcome: 'pending',
      stake: 110,
      createdAt: EARLIER,
      updatedAt: EARLIER,
    }));

  it('given an amendment and a settlement, then the changes and the time of the last one', () =>
    expect(fold(bet, [placed, amended, settled])).to.deep.include({
      stake: 55,
      outcome: 'win',
      odds: '-110',
      createdAt: EARLIER,
      updatedAt: NOW,
    }));

  it('ignores an amendment or a settlement of a bet that was never placed or was removed', () => {
    expect(fold(bet, [amended, settled])).to.deep.equal({ status: 'none' });
    expect(fold(bet, [placed, removed, amended, settled])).to.deep.equal({ ...fold(bet, [placed]), status: 'removed' });
  });

  it('given a removed bet, when it is restored, then it is placed again as it was, updated at the restore', () => {
    const restored = at({ type: 'BetRestored', data: { userId: USER, betId: BET } }, NOW);
    expect(fold(bet, [placed, settled, removed, restored])).to.deep.equal({ ...fold(bet, [placed, settled]), updatedAt: NOW });
    expect(fold(bet, [placed, restored])).to.deep.equal(fold(bet, [placed]));
  });
});
