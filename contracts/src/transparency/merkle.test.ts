import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import fc from 'fast-check';
import { consistencyProof, InclusionVerifier, inclusionProof, leafHash, rootHash, verifyConsistency, verifyInclusion } from './merkle';

const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));
const b64 = (s: string) => Uint8Array.from(Buffer.from(s, 'base64'));
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');
// testdata/*.json: transparency-dev/merkle's testdata/{inclusion,consistency} (Apache-2.0, commit 417fb0c), one array per
// kind, each vector with its file name: happy paths and forgeries (flipped bits, wrong sizes, garbage, swapped roots).
const vectors = <T>(name: string): T[] => JSON.parse(readFileSync(new URL(`./testdata/${name}.json`, import.meta.url), 'utf8'));

// transparency-dev/merkle's reference tree (testonly/constants.go): eight leaves and the root of every prefix.
const LEAF_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(hex);
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

interface InclusionVector {
  file: string;
  leafIdx: number;
  treeSize: number;
  root: string;
  leafHash: string;
  proof: string[] | null;
  wantErr: boolean;
}
interface ConsistencyVector {
  file: string;
  size1: number;
  size2: number;
  root1: string;
  root2: string;
  proof: string[] | null;
  wantErr: boolean;
}

describe('the transparency log’s Merkle tree (RFC 9162)', () => {
  it('computes the root of every prefix of the reference tree', () => {
    const leaves = LEAF_INPUTS.map(leafHash);
    ROOTS.forEach((root, size) => expect(toHex(rootHash(leaves.slice(0, size))), `size ${size}`).to.equal(root));
  });

  it('agrees with every published inclusion vector, the forged ones included', () => {
    const all = vectors<InclusionVector>('inclusion');
    expect(all).to.have.length(98);
    for (const v of all) {
      const failure = verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), (v.proof ?? []).map(b64), b64(v.root));
      expect(failure !== null, `${v.file}: ${failure}`).to.equal(v.wantErr);
    }
  });

  it('agrees with every published consistency vector, the forged ones included', () => {
    const all = vectors<ConsistencyVector>('consistency');
    expect(all).to.have.length(98);
    for (const v of all) {
      const failure = verifyConsistency(v.size1, v.size2, (v.proof ?? []).map(b64), b64(v.root1), b64(v.root2));
      expect(failure !== null, `${v.file}: ${failure}`).to.equal(v.wantErr);
    }
  });

  const tree = fc
    .uniqueArray(fc.uint8Array({ maxLength: 8 }), { minLength: 1, maxLength: 70, selector: (bytes) => Buffer.from(bytes).toString('hex') })
    .map((inputs) => inputs.map(leafHash));
  const flip = (proof: Uint8Array[], at: number, bit: number) =>
    proof.map((hash, i) => (i === at % proof.length ? hash.map((byte, j) => (j === bit % 32 ? byte ^ 1 : byte)) : hash));

  it('verifies every inclusion proof it makes, and no altered one', () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.nat(), fc.nat(), (leaves, pick, at, bit) => {
        const index = pick % leaves.length;
        const root = rootHash(leaves);
        const proof = inclusionProof(index, leaves);
        expect(verifyInclusion(index, leaves.length, leaves[index], proof, root)).to.equal(null);
        if (proof.length > 0) {
          expect(verifyInclusion(index, leaves.length, leaves[index], flip(proof, at, bit), root)).to.not.equal(null);
          expect(verifyInclusion(index, leaves.length, leaves[index], proof.slice(0, -1), root)).to.not.equal(null);
          expect(verifyInclusion(index, leaves.length, leaves[index], [...proof, proof[0]], root)).to.not.equal(null);
        }
        const other = (index + 1 + (at % leaves.length)) % leaves.length;
        if (other !== index && toHex(leaves[other]) !== toHex(leaves[index])) {
          expect(verifyInclusion(other, leaves.length, leaves[index], proof, root)).to.not.equal(null);
          expect(verifyInclusion(index, leaves.length, leaves[other], proof, root)).to.not.equal(null);
        }
        // A size travels with its root in a signed checkpoint; a doubled size needs a longer path.
        expect(verifyInclusion(index, leaves.length * 2, leaves[index], proof, root)).to.not.equal(null);
      }),
      { numRuns: 300 },
    );
  });

  it('answers as verifyInclusion for every leaf through one shared verifier, altered proofs and leaves between them', () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.nat(), (leaves, at, bit) => {
        const root = rootHash(leaves);
        const nodes: Uint8Array[] = [];
        const places = new Map<string, number>();
        const placesOf = (proof: Uint8Array[]) =>
          proof.map((hash) => {
            const key = toHex(hash);
            if (!places.has(key)) places.set(key, nodes.push(hash) - 1);
            return places.get(key) as number;
          });
        const cases = leaves.flatMap((leaf, index) => {
          const proof = inclusionProof(index, leaves);
          const altered = proof.length === 0 ? [] : [flip(proof, at + index, bit), proof.slice(1), [...proof, proof[0]]];
          const wrongLeaf = leaves[(index + 1) % leaves.length];
          return [
            { index, leaf, proof },
            ...altered.map((changed) => ({ index, leaf, proof: changed })),
            { index, leaf: wrongLeaf, proof },
            { index, leaf, proof },
          ];
        });
        const shared = new InclusionVerifier(leaves.length, root, nodes);
        for (const { index, leaf, proof } of cases) {
          const expected = verifyInclusion(index, leaves.length, leaf, proof, root);
          expect(shared.verify(index, leaf, placesOf(proof)), `leaf ${index}`).to.equal(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('verifies every consistency proof it makes, and no altered one', () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.nat(), fc.nat(), (leaves, pick, at, bit) => {
        const size1 = 1 + (pick % leaves.length);
        const root1 = rootHash(leaves.slice(0, size1));
        const root2 = rootHash(leaves);
        const proof = consistencyProof(size1, leaves);
        expect(verifyConsistency(size1, leaves.length, proof, root1, root2)).to.equal(null);
        if (proof.length > 0) {
          expect(verifyConsistency(size1, leaves.length, flip(proof, at, bit), root1, root2)).to.not.equal(null);
          expect(verifyConsistency(size1, leaves.length, proof.slice(0, -1), root1, root2)).to.not.equal(null);
          expect(verifyConsistency(size1, leaves.length, [...proof, proof[0]], root1, root2)).to.not.equal(null);
          expect(verifyConsistency(size1, leaves.length * 2, proof, root1, root2)).to.not.equal(null);
          expect(verifyConsistency(size1, leaves.length, proof, flip([root1], 0, bit)[0], root2)).to.not.equal(null);
          expect(verifyConsistency(size1, leaves.length, proof, root1, flip([root2], 0, bit)[0])).to.not.equal(null);
        }
      }),
      { numRuns: 300 },
    );
  });
});
