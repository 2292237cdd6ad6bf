import { expect } from 'chai';
import { parlayClosingOdds } from './parlay';

describe("a parlay's closing odds", () => {
  it("multiplies the legs' closes into American text when every leg has one", () => {
    // Given legs closing at 2.00 and +150; When their close is read; Then 5.00 is +400
    expect(
      parlayClosingOdds([
        { odds: '2.50', closingOdds: '2.00' },
        { odds: '3/2', closingOdds: '+150' },
      ]),
    ).to.equal('+400');
  });

  it('has none while a leg has no close', () => {
    expect(
      parlayClosingOdds([
        { odds: '2.50', closingOdds: '2.00' },
        { odds: '3/2', closingOdds: null },
      ]),
    ).to.equal(null);
  });
});
