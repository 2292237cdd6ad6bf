import { expect } from 'chai';
import fc from 'fast-check';
import { leafHash } from './merkle';
import { decomposition, proveMultiproof, verifyMultiproof } from './multiproof';
import { MerkleLog } from './tree';

/** A tree of `size` random leaves, some of its leaves and some smaller trees' sizes. */
const cases = fc.integer({ min: 1, max: 300 }).chain((size) =>
  fc.record({
    size: fc.constant(size),
    seed: fc.integer(),
    indices: fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { maxLength: 40 }).map((list) => list.sort((a, b) => a - b)),
    sizes: fc.uniqueArray(fc.integer({ min: 1, max: size }), { maxLength: 6 }),
  }),
);

const logOf = (size: number, seed: number) => {
  const log = new MerkleLog();
  for (let i = 0; i < size; i++) log.append(leafHash(new TextEncoder().encode(`${seed} ${i}`)));
  return log;
};

const flipped = (hash: Uint8Array, at: number) => {
  const copy = hash.slice();
  copy[at % 32] ^= 1 << (at % 8);
  return copy;
};

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('one multiproof of many leaves and smaller trees', () => {
  it('splits a tree into its perfect subtrees, largest first', () => {
    expect(decomposition(13)).to.deep.equal([
      { level: 3, index: 0 },
      { level: 2, index: 2 },
      { level: 0, index: 12 },
    ]);
    expect(decomposition(16)).to.deep.equal([{ level: 4, index: 0 }]);
  });

  it('proves any leaves and any smaller trees of any tree, and each smaller tree’s root', () => {
    fc.assert(
      fc.property(cases, ({ size, seed, indices, sizes }) => {
        const log = logOf(size, seed);
        const nodes = proveMultiproof(log, size, indices, sizes);
        const hashes = indices.map((index) => log.node(0, index));
        const proven = verifyMultiproof(size, log.root(), { indices, hashes }, sizes, nodes);
        expect(proven).to.have.property('roots');
        const roots = (proven as { roots: Uint8Array[] }).roots;
        expect(roots.map(hex)).to.deep.equal(sizes.map((s) => hex(log.root(s))));
        // Proportional to what is proven: at most one node per level per leaf or smaller tree's subtree.
        const height = Math.ceil(Math.log2(size)) + 1;
        expect(nodes.length).to.be.at.most((indices.length + sizes.length * height + 1) * height);
      }),
      { numRuns: 200 },
    );
  });

  it('fails an altered node, an altered leaf, a moved leaf, an extra node and a missing node', () => {
    fc.assert(
      fc.property(cases, fc.nat(), ({ size, seed, indices, sizes }, pick) => {
        const log = logOf(size, seed);
        const nodes = proveMultiproof(log, size, indices, sizes);
        const hashes = indices.map((index) => log.node(0, index));
        const root = log.root();
        const fails = (leaves: { indices: number[]; hashes: Uint8Array[] }, proof: Uint8Array[], why: string) =>
          expect(verifyMultiproof(size, root, leaves, sizes, proof), why).to.have.property('failure');
        fails({ indices, hashes }, [...nodes, log.node(0, pick % size)], 'an extra node');
        if (nodes.length > 0) {
          const at = pick % nodes.length;
          fails({ indices, hashes }, nodes.toSpliced(at, 1, flipped(nodes[at], pick)), 'an altered node');
          fails({ indices, hashes }, nodes.toSpliced(at, 1), 'a missing node');
        }
        if (indices.length > 0) {
          const at = pick % indices.length;
          fails({ indices, hashes: hashes.toSpliced(at, 1, flipped(hashes[at], pick)) }, nodes, 'an altered leaf');
          const free = Array.from({ length: size }, (_, i) => i).filter((i) => !indices.includes(i));
          if (free.length > 0) {
            const moved = indices.toSpliced(at, 1, free[pick % free.length]);
            const order = moved.map((_, i) => i).sort((a, b) => moved[a] - moved[b]);
            const leaves = { indices: order.map((i) => moved[i]), hashes: order.map((i) => hashes[i]) };
            fails(leaves, nodes, 'a moved leaf');
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses leaves out of order, beyond the tree, and a smaller tree that is larger', () => {
    const log = logOf(8, 1);
    const leaf = (i: number) => log.node(0, i);
    expect(verifyMultiproof(8, log.root(), { indices: [3, 1], hashes: [leaf(3), leaf(1)] }, [], [])).to.deep.equal({
      failure: 'the leaves are not in ascending order, each once',
    });
    expect(verifyMultiproof(8, log.root(), { indices: [8], hashes: [leaf(1)] }, [], [])).to.deep.equal({
      failure: 'leaf 8 is not in the tree of 8',
    });
    expect(verifyMultiproof(8, log.root(), { indices: [], hashes: [] }, [9], [])).to.deep.equal({
      failure: 'a tree of 9 is not a prefix of the tree of 8',
    });
    expect(verifyMultiproof(8, log.root(), { indices: [], hashes: [] }, [], [leaf(0)])).to.deep.equal({
      failure: 'the proof holds 1 nodes and proves nothing',
    });
    // Nodes are told apart by their in-order place, exact up to 2^52 leaves.
    expect(verifyMultiproof(2 ** 52 + 1, log.root(), { indices: [0], hashes: [leaf(0)] }, [], [])).to.deep.equal({
      failure: `a tree of ${2 ** 52 + 1} is larger than a log can be`,
    });
  });
});
