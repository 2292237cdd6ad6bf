import { expect } from 'chai';
import { forgetLogPosition, highestLogPosition, noteLogPosition } from './log-position';

describe('log position tracking', () => {
  beforeEach(forgetLogPosition);

  it('keeps the highest position seen, comparing commit then prepare as big integers', () => {
    noteLogPosition('9.9');
    noteLogPosition('10.1');
    noteLogPosition('10.0');
    expect(highestLogPosition()).to.equal('10.1');
  });

  it('compares numbers too large for a double exactly', () => {
    noteLogPosition('18446744073709551614.1');
    noteLogPosition('18446744073709551615.0');
    noteLogPosition('18446744073709551614.9');
    expect(highestLogPosition()).to.equal('18446744073709551615.0');
  });

  it('ignores absent and malformed headers', () => {
    noteLogPosition(null);
    noteLogPosition('abc');
    expect(highestLogPosition()).to.equal(undefined);
  });
});
