import { expect } from 'chai';
import { randomBytesPooled } from './random';

describe('randomBytesPooled', () => {
  it('hands out each drawn byte once, in copies that later draws (across refills of the pool) never change', () => {
    const first = randomBytesPooled(32);
    const kept = first.toString('hex');
    const drawn = Array.from({ length: 5_000 }, () => randomBytesPooled(12).toString('hex'));
    expect(new Set(drawn).size).to.equal(drawn.length);
    expect(drawn.every((hex) => hex.length === 24)).to.equal(true);
    expect(first.toString('hex')).to.equal(kept);
  });

  it('draws a large size on its own', () => {
    const big = randomBytesPooled(64 * 1024);
    expect(big.length).to.equal(64 * 1024);
    expect(new Set(big).size).to.be.above(200);
  });
});
