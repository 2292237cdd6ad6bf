import { expect } from 'chai';
import { recordText } from './record';

describe('the W-L-P record', () => {
  it('reads wins-losses-pushes', () => {
    expect(recordText({ wins: 12, losses: 8, pushes: 1, voids: 0, cashouts: 0, pending: 3 })).to.equal('12-8-1');
  });

  it('adds voids and cash-outs when there are any', () => {
    expect(recordText({ wins: 1, losses: 0, pushes: 0, voids: 2, cashouts: 1, pending: 0 })).to.equal('1-0-0, 2 void, 1 cashed out');
    expect(recordText({ wins: 0, losses: 1, pushes: 0, voids: 0, cashouts: 3, pending: 0 })).to.equal('0-1-0, 3 cashed out');
  });

  it('reads an answer from before voids and cash-outs as having none', () => {
    expect(recordText({ wins: 2, losses: 1, pushes: 0, pending: 0 } as never)).to.equal('2-1-0');
  });
});
