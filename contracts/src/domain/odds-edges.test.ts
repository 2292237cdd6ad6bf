import { expect } from 'chai';
import { decimalToAmerican, formatAmericanOdds, parseAmericanOdds } from './odds';

describe('American odds at the edges', () => {
  it('reads odds up to a million either way, around blanks, and nothing beyond', () => {
    expect(parseAmericanOdds('1000000')).to.equal(1_000_000);
    expect(parseAmericanOdds('-1000000')).to.equal(-1_000_000);
    expect(parseAmericanOdds(' +150 ')).to.equal(150);
    expect(parseAmericanOdds(-110)).to.equal(-110);
    expect(parseAmericanOdds('1000001')).to.equal(undefined);
    expect(parseAmericanOdds('-1000001')).to.equal(undefined);
  });

  it('writes positive odds with a plus, negative ones with a minus, zero and non-finite odds as "0"', () => {
    expect(formatAmericanOdds(150)).to.equal('+150');
    expect(formatAmericanOdds(-110)).to.equal('-110');
    expect(formatAmericanOdds(0)).to.equal('0');
    expect(formatAmericanOdds(Number.POSITIVE_INFINITY)).to.equal('0');
    expect(formatAmericanOdds(Number.NaN)).to.equal('0');
    expect(formatAmericanOdds(1e21)).to.equal('+1000000000000000000000');
  });

  it('gives no American odds for a price of exactly 1 (every leg pushed)', () => {
    expect(decimalToAmerican(1)).to.equal(0);
    expect(decimalToAmerican(2)).to.equal(100);
  });
});
