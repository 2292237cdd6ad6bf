/**
 * The Merkle tree of the transparency log, as RFC 9162 (Certificate Transparency 2.0, section 2.1)
 * defines it: SHA-256, a `0x00` prefix for leaves and `0x01` for interior nodes, and the proofs of
 * inclusion and consistency with their verification. Pure and synchronous so that the server, the
 * command-line verifier and the public page in the browser run the same code.
 */
import { sha256 } from './sha256';

const HASH_BYTES = 32;
const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/** The hash of a leaf: SHA-256(0x00 || data), a string's data being its UTF-8. */
export function leafHash(data: Uint8Array | string): Uint8Array {
  return sha256(LEAF_PREFIX, data);
}

/** 0x01 || left || right, reused by every node hash. */
const NODE_INPUT = new Uint8Array(1 + 2 * HASH_BYTES).fill(0x01, 0, 1);

/** The hash of an interior node: SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  if (left.length !== HASH_BYTES || right.length !== HASH_BYTES) return sha256(NODE_PREFIX, left, right);
  NODE_INPUT.set(left, 1);
  NODE_INPUT.set(right, 1 + HASH_BYTES);
  return sha256(NODE_INPUT);
}

/** The largest power of two smaller than n (n > 1). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[n]) over the leaves' hashes; the empty tree's root is SHA-256 of nothing. */
export function rootHash(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leaves[0];
  const k = split(leaves.length);
  return nodeHash(rootHash(leaves.slice(0, k)), rootHash(leaves.slice(k)));
}

/** PATH(m, D[n]): the audit path of leaf `index` in the tree of these leaves' hashes. */
export function inclusionProof(index: number, leaves: readonly Uint8Array[]): Uint8Array[] {
  if (!Number.isSafeInteger(index) || index < 0 || index >= leaves.length)
    throw new RangeError(`no leaf ${index} in a tree of ${leaves.length}`);
  if (leaves.length === 1) return [];
  const k = split(leaves.length);
  return index < k
    ? [...inclusionProof(index, leaves.slice(0, k)), rootHash(leaves.slice(k))]
    : [...inclusionProof(index - k, leaves.slice(k)), rootHash(leaves.slice(0, k))];
}

/** PROOF(m, D[n]): that the tree of the first `size1` leaves is a prefix of the tree of all of them. */
export function consistencyProof(size1: number, leaves: readonly Uint8Array[]): Uint8Array[] {
  if (!Number.isSafeInteger(size1) || size1 < 1 || size1 > leaves.length)
    throw new RangeError(`no consistency proof from ${size1} to ${leaves.length}`);
  return subproof(size1, leaves, true);
}

function subproof(m: number, leaves: readonly Uint8Array[], whole: boolean): Uint8Array[] {
  const n = leaves.length;
  if (m === n) return whole ? [] : [rootHash(leaves)];
  const k = split(n);
  return m <= k
    ? [...subproof(m, leaves.slice(0, k), whole), rootHash(leaves.slice(k))]
    : [...subproof(m - k, leaves.slice(k), false), rootHash(leaves.slice(0, k))];
}

/** Why a proof failed, or null when it holds. */
export type ProofFailure = string | null;

const isSize = (n: number) => Number.isSafeInteger(n) && n >= 0;
const isHash = (h: Uint8Array) => h.length === HASH_BYTES;
const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** RFC 9162 2.1.3.2: does `proof` show the leaf with this hash at `index` in the tree of `size` with this root? */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): ProofFailure {
  return new InclusionVerifier(size, root, proof).verify(
    index,
    leaf,
    proof.map((_, i) => i),
  );
}

/** Where a path stood before one of its steps, and what the rest of the path made of it. */
interface Visited {
  r: Uint8Array;
  places: readonly number[];
  step: number;
  failure: ProofFailure;
}

/**
 * RFC 9162 2.1.3.2 for many leaves of one tree whose proofs name their hashes by place in `nodes`
 * (proofs that share their upper nodes). The walk from a node on depends only on the node's position, its
 * hash and the rest of the proof, so where a path reaches a position another path left with the same
 * hash and the same rest, it takes that path's answer: the subtrees leaves share are hashed once.
 */
export class InclusionVerifier {
  /** By position (sn, then fn): the last path that stood there. */
  private readonly visited = new Map<number, Map<number, Visited>>();

  constructor(
    private readonly size: number,
    private readonly root: Uint8Array,
    private readonly nodes: readonly Uint8Array[],
  ) {}

  /** Why the proof of these places does not show the leaf with this hash at `index`, or null. */
  verify(index: number, leaf: Uint8Array, places: readonly number[]): ProofFailure {
    if (!isSize(index) || !isSize(this.size)) return 'the index or the tree size is not a whole number';
    if (index >= this.size) return `leaf ${index} is beyond a tree of ${this.size}`;
    if (!isHash(leaf)) return 'the leaf hash is not 32 bytes';
    if (!places.every((place) => this.nodes[place] !== undefined && isHash(this.nodes[place])))
      return 'a hash of the proof is not 32 bytes';
    const path: [number, number, Visited][] = [];
    const answer = (failure: ProofFailure) => {
      for (const [fn, sn, visit] of path) {
        visit.failure = failure;
        let level = this.visited.get(sn);
        if (!level) this.visited.set(sn, (level = new Map()));
        level.set(fn, visit);
      }
      return failure;
    };
    let fn = index;
    let sn = this.size - 1;
    let r = leaf;
    for (let step = 0; step < places.length; step++) {
      const seen = this.visited.get(sn)?.get(fn);
      if (seen && sameRest(seen.places, seen.step, places, step) && sameBytes(seen.r, r)) return answer(seen.failure);
      path.push([fn, sn, { r, places, step, failure: null }]);
      if (sn === 0) return answer('the proof is longer than the tree is deep');
      const p = this.nodes[places[step]];
      if (odd(fn) || fn === sn) {
        r = nodeHash(p, r);
        if (!odd(fn)) {
          while (!odd(fn) && fn !== 0) {
            fn = half(fn);
            sn = half(sn);
          }
        }
      } else {
        r = nodeHash(r, p);
      }
      fn = half(fn);
      sn = half(sn);
    }
    if (sn !== 0) return answer('the proof is shorter than the tree is deep');
    return answer(sameBytes(r, this.root) ? null : 'the proof leads to another root');
  }
}

function sameRest(a: readonly number[], from: number, b: readonly number[], at: number): boolean {
  if (a.length - from !== b.length - at) return false;
  for (let i = 0; i < a.length - from; i++) if (a[from + i] !== b[at + i]) return false;
  return true;
}

/** RFC 9162 2.1.4.2: is the tree of `size1` with `root1` a prefix of the tree of `size2` with `root2`? */
export function verifyConsistency(
  size1: number,
  size2: number,
  proof: readonly Uint8Array[],
  root1: Uint8Array,
  root2: Uint8Array,
): ProofFailure {
  if (!isSize(size1) || !isSize(size2)) return 'a tree size is not a whole number';
  if (size2 < size1) return `the second tree (${size2}) is smaller than the first (${size1})`;
  if (size1 === 0) return 'a proof from the empty tree proves nothing';
  if (size1 === size2) {
    if (proof.length > 0) return 'trees of one size need an empty proof';
    return sameBytes(root1, root2) ? null : 'two trees of one size have different roots';
  }
  if (proof.length === 0) return 'the proof is empty';
  if (!proof.every(isHash)) return 'a hash of the proof is not 32 bytes';
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return 'the proof is longer than the trees are deep';
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) return 'the proof is shorter than the trees are deep';
  if (!sameBytes(fr, root1)) return 'the proof does not lead to the first root';
  return sameBytes(sr, root2) ? null : 'the proof does not lead to the second root';
}

function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}
