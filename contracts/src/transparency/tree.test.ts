import { expect } from 'chai';
import { consistencyProof, inclusionProof, leafHash, rootHash } from './merkle';
import { MerkleLog } from './tree';

const hex = (hashes: Uint8Array[]) => hashes.map((h) => Buffer.from(h).toString('hex'));

describe('MerkleLog (the tree kept as it grows)', () => {
  const leaves = Array.from({ length: 40 }, (_, i) => leafHash(Uint8Array.of(i, i >> 8)));
  const log = new MerkleLog();
  for (const leaf of leaves) log.append(leaf);

  it('gives the root, inclusion and consistency proofs merkle.ts defines, for every prefix, leaf and pair of sizes', () => {
    for (let size = 0; size <= leaves.length; size++) {
      const prefix = leaves.slice(0, size);
      expect(hex([log.root(size)])).to.deep.equal(hex([rootHash(prefix)]), `root of ${size}`);
      for (let index = 0; index < size; index++)
        expect(hex(log.inclusionProof(index, size))).to.deep.equal(hex(inclusionProof(index, prefix)));
      for (let from = 1; from <= size; from++)
        expect(hex(log.consistencyProof(from, size))).to.deep.equal(hex(consistencyProof(from, prefix)));
    }
  });

  it('refuses sizes beyond the log, leaves beyond the tree and proofs from the empty tree', () => {
    expect(() => log.root(41)).to.throw(RangeError);
    expect(() => log.inclusionProof(5, 5)).to.throw(RangeError);
    expect(() => log.inclusionProof(-1, 5)).to.throw(RangeError);
    expect(() => log.consistencyProof(0, 5)).to.throw(RangeError);
    expect(() => log.consistencyProof(6, 5)).to.throw(RangeError);
  });
});
