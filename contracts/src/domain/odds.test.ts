import { expect } from 'chai';
import { americanToDecimal, betProfit, decimalToAmerican, parseAmericanOdds } from './odds';
import { parlayOutcome, parlayProfit, priceParlay } from './parlay';

describe('American odds', () => {
  it('pays 100 on a 110 stake at -110', () => {
    expect(betProfit(110, -110, 'win')).to.equal(100);
  });

  it('pays 150 on a 100 stake at +150', () => {
    expect(betProfit(100, 150, 'win')).to.equal(150);
  });

  it('loses the stake on a loss and returns nothing on a push or while pending', () => {
    expect(betProfit(110, -110, 'loss')).to.equal(-110);
    expect(betProfit(110, -110, 'push')).to.equal(0);
    expect(betProfit(110, -110, 'pending')).to.equal(0);
  });

  it('rounds profit to cents', () => {
    expect(betProfit(10, -115, 'win')).to.equal(8.7);
    expect(betProfit(33.33, 125, 'win')).to.equal(41.66);
  });

  it('converts to decimal: 1 + odds/100 for positive, 1 + 100/|odds| for negative', () => {
    expect(americanToDecimal(150)).to.equal(2.5);
    expect(americanToDecimal(-200)).to.equal(1.5);
    expect(americanToDecimal(100)).to.equal(2);
  });

  it('converts decimal back to American, positive from even money up', () => {
    expect(decimalToAmerican(2.5)).to.equal(150);
    expect(decimalToAmerican(1.5)).to.equal(-200);
    expect(decimalToAmerican(2)).to.equal(100);
  });

  it('accepts signed and unsigned integers and rejects odds between -99 and +99', () => {
    expect(parseAmericanOdds('+150')).to.equal(150);
    expect(parseAmericanOdds('-110')).to.equal(-110);
    expect(parseAmericanOdds('200')).to.equal(200);
    for (const bad of ['+99', '-99', '0', '50', '1.5', '+1e3', 'abc', '', '--110']) {
      expect(parseAmericanOdds(bad), bad).to.equal(undefined);
    }
  });
});

describe('Parlay pricing', () => {
  const leg = (odds: string, outcome: 'win' | 'loss' | 'push' | 'pending' = 'pending') => ({ odds, outcome });

  it('prices a -110/-110 parlay at +264 (decimal 3.6446)', () => {
    const price = priceParlay([leg('-110'), leg('-110')], 100);
    expect(price.decimalOdds).to.equal(3.6446);
    expect(price.totalOdds).to.equal('+264');
    expect(price.potentialProfit).to.equal(264.46);
  });

  it('prices a pushed leg out, as sportsbooks do', () => {
    const price = priceParlay([leg('+150', 'win'), leg('-110', 'push'), leg('+100', 'win')], 10);
    expect(price.decimalOdds).to.equal(5);
    expect(price.totalOdds).to.equal('+400');
  });

  it('loses when any leg lost, even with legs still pending', () => {
    expect(parlayOutcome([leg('+100', 'loss'), leg('+100', 'pending')], 'pending')).to.equal('loss');
  });

  it('keeps the chosen outcome while a leg is pending and none lost', () => {
    expect(parlayOutcome([leg('+100', 'win'), leg('+100', 'pending')], 'pending')).to.equal('pending');
  });

  it('is a push when every leg pushed, and a win when the remaining legs all won', () => {
    expect(parlayOutcome([leg('+100', 'push'), leg('+100', 'push')])).to.equal('push');
    expect(parlayOutcome([leg('+100', 'push'), leg('+100', 'win')])).to.equal('win');
  });

  it('pays a won parlay on the legs that did not push', () => {
    expect(parlayProfit([leg('+100', 'win'), leg('-110', 'push'), leg('+100', 'win')], 10, 'win')).to.equal(30);
  });
});
