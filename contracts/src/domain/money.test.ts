import { expect } from 'chai';
import { fromCents, roundMoney, toCents } from './money';

describe('money', () => {
  it('rounds to whole cents, half away from zero', () => {
    expect(roundMoney(1.005)).to.equal(1.01);
    expect(roundMoney(-1.005)).to.equal(-1.01);
    expect(roundMoney(2.004)).to.equal(2);
    expect(roundMoney(90.90909)).to.equal(90.91);
    expect(roundMoney(-0.001)).to.equal(0);
    expect(Object.is(roundMoney(-0.001), -0)).to.equal(false);
  });

  it('turns dollars into integer cents, rounding half away from zero', () => {
    expect(toCents(10)).to.equal(1000);
    expect(toCents(1.005)).to.equal(101);
    expect(toCents(-1.005)).to.equal(-101);
    expect(toCents(0.1 + 0.2)).to.equal(30);
    expect(toCents(-0.1 - 0.2)).to.equal(-30);
  });

  it('turns cents back into dollars', () => {
    expect(fromCents(101)).to.equal(1.01);
    expect(fromCents(-30)).to.equal(-0.3);
    expect(fromCents(toCents(12.34))).to.equal(12.34);
  });
});
