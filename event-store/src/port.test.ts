import { expect } from 'chai';
import { START, WrongExpectedRevision, comparePositions, formatPosition, mergeByPosition, parsePosition } from './port';

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

describe('merging lists in log order', () => {
  const at = (commit: number, prepare: number) => ({ position: { commit: BigInt(commit), prepare: BigInt(prepare) } });
  const text = (list: { position: { commit: bigint; prepare: bigint } }[]) => list.map((e) => formatPosition(e.position));

  it('interleaves any number of sorted lists into one sorted list, keeping every element', () => {
    const lists = [[at(1, 1), at(3, 5), at(9, 2)], [], [at(2, 7), at(3, 4), at(3, 6)], [at(0, 9)], [at(9, 1), at(10, 0)]];
    expect(text(mergeByPosition(lists))).to.deep.equal(['0.9', '1.1', '2.7', '3.4', '3.5', '3.6', '9.1', '9.2', '10.0']);
    expect(mergeByPosition([])).to.deep.equal([]);
    expect(mergeByPosition([[], []])).to.deep.equal([]);
  });

  it('returns a new array, never one it was given', () => {
    const only = [at(1, 1), at(1, 2)];
    const merged = mergeByPosition([only, []]);
    expect(merged).to.deep.equal(only);
    expect(merged).to.not.equal(only);
  });

  it('matches sorting everything, on random lists', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 20; round++) {
      const all = Array.from({ length: 200 }, (_, i) => at(Math.floor(next() * 50), i));
      const lists: ReturnType<typeof at>[][] = Array.from({ length: 1 + Math.floor(next() * 9) }, () => []);
      for (const e of all) lists[Math.floor(next() * lists.length)].push(e);
      for (const list of lists) list.sort((a, b) => comparePositions(a.position, b.position));
      expect(text(mergeByPosition(lists))).to.deep.equal(text([...all].sort((a, b) => comparePositions(a.position, b.position))));
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
