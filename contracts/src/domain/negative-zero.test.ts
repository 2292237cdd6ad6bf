import { expect } from 'chai';
import { closingLineValue, inUnits } from './odds';

/** A figure that rounds to zero is 0, never -0: a read model stores it as 0, and a replay must compute the same. */
describe('figures that round to zero', () => {
  it('gives 0 units for a loss of a cent in units of 12.50', () => {
    expect(Object.is(inUnits(-0.01, 12.5), 0)).to.equal(true);
  });

  it('gives a clv of 0 for a price a hair under the close', () => {
    expect(Object.is(closingLineValue(1.99999, 2), 0)).to.equal(true);
  });
});
