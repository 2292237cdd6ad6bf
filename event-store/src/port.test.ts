import { expect } from 'chai';
import { START, WrongExpectedRevision, comparePositions, formatPosition, parsePosition } from './port';

describe('log positions', () => {
  it('order by commit, then by prepare, as big integers', () => {
    const p = (commit: bigint, prepare: bigint) => ({ commit, prepare });
    expect(comparePositions(p(1n, 9n), p(2n, 1n))).to.equal(-1);
    expect(comparePositions(p(2n, 1n), p(1n, 9n))).to.equal(1);
    expect(comparePositions(p(2n, 3n), p(2n, 4n))).to.equal(-1);
    expect(comparePositions(p(2n, 4n), p(2n, 3n))).to.equal(1);
    expect(comparePositions(p(2n, 4n), p(2n, 4n))).to.equal(0);
    expect(comparePositions(p(2n ** 63n, 0n), p(2n ** 63n - 1n, 2n ** 63n))).to.equal(1);
    expect(comparePositions(START, p(0n, 1n))).to.equal(-1);
  });

  it('round-trip through the "commit.prepare" header text, beyond what a double holds', () => {
    const position = { commit: 18446744073709551615n, prepare: 9007199254740993n };
    expect(formatPosition(position)).to.equal('18446744073709551615.9007199254740993');
    expect(parsePosition(formatPosition(position))).to.deep.equal(position);
    expect(parsePosition(' 0.0 ')).to.deep.equal(START);
  });

  it('reject malformed header text', () => {
    for (const text of ['', '1', '1.', '.1', '-1.2', '1.2.3', 'a.b', '1e3.1', '123456789012345678901.1']) {
      expect(parsePosition(text), text).to.equal(undefined);
    }
  });
});

describe('WrongExpectedRevision', () => {
  it('names the stream, what was expected and what is there', () => {
    const error = new WrongExpectedRevision('bet-1', 3n, 5n);
    expect(error).to.be.instanceOf(Error);
    expect(error).to.include({ name: 'WrongExpectedRevision', streamId: 'bet-1', expected: 3n, actual: 5n });
    expect(error.message).to.equal('Stream bet-1 is at 5, expected 3');
    expect(new WrongExpectedRevision('email-x', 'no_stream', 0n).message).to.equal('Stream email-x is at 0, expected no_stream');
  });
});
