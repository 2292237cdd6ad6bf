import { expect } from 'chai';
import { moneyWithUnits, oddsForInput, profitWithUnits, showOdds } from './preferences';

describe('prices and units as the bettor reads them', () => {
  it('shows a row’s price in the chosen format', () => {
    const price = { american: '+150', decimal: 2.5 };
    expect(showOdds(price, 'american')).to.equal('+150');
    expect(showOdds(price, 'decimal')).to.equal('2.50');
    expect(showOdds(price, 'fractional')).to.equal('3/2');
    expect(showOdds({ american: '-110', decimal: 1.9091 }, 'fractional')).to.equal('10/11');
  });

  it('prices rows from before the decimal was answered from their American odds', () => {
    expect(showOdds({ american: '-200' }, 'decimal')).to.equal('1.50');
  });

  it('fills forms with odds that keep the exact price', () => {
    expect(oddsForInput({ american: '+150', decimal: 2.5 }, 'fractional')).to.equal('3/2');
    expect(oddsForInput({ american: '-110', decimal: 1.9091 }, 'decimal')).to.equal('-110');
    expect(oddsForInput({ american: '+138', decimal: 2.375 }, 'american')).to.equal('2.375');
  });

  it('adds units when the row has them', () => {
    expect(moneyWithUnits(50, 2.5)).to.equal('$50.00 · 2.5u');
    expect(moneyWithUnits(50, null)).to.equal('$50.00');
    expect(profitWithUnits(75, 3.75)).to.equal('+$75.00 · +3.75u');
    expect(profitWithUnits(-20, -1)).to.equal('-$20.00 · -1u');
    expect(profitWithUnits(0, undefined)).to.equal('$0.00');
  });
});
