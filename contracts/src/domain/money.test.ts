import { expect } from 'chai';
import { fromCents, readAmount, roundMoney, toCents } from './money';

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

  it('reads a positive amount as positiveAmount does: plain decimal text or a number, at least a cent, at most a billion', () => {
    expect(readAmount(' 12.345 ')).to.deep.equal({ ok: true, amount: 12.35 });
    expect(readAmount('.75')).to.deep.equal({ ok: true, amount: 0.75 });
    expect(readAmount(25)).to.deep.equal({ ok: true, amount: 25 });
    for (const bad of ['', '-5', '1e3', '0x10', '0.004', 'abc', Number.NaN, null]) {
      expect(readAmount(bad), String(bad)).to.deep.equal({ ok: false, problem: 'invalid' });
    }
    expect(readAmount('1000000000.01')).to.deep.equal({ ok: false, problem: 'tooLarge' });
  });
});
