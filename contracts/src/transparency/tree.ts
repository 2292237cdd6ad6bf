import { sha256 } from './sha256';
import { nodeHash } from './merkle';

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;
/** The largest power of two smaller than n (n > 1). */
const split = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

/**
 * The transparency log's tree kept in memory as it grows: every complete subtree's hash is kept, so
 * a root or a proof over any prefix costs O(log² n) hashes instead of the whole tree (merkle.ts's
 * definitions recompute every subtree). The same results as merkle.ts, leaf for leaf (tree.test.ts).
 */
export class MerkleLog {
  /** levels[k][i]: the root of leaves [i·2^k, (i+1)·2^k). */
  private readonly levels: Uint8Array[][] = [[]];

  get size(): number {
    return this.levels[0].length;
  }

  /** Appends a leaf's hash (merkle.ts's leafHash of its data). */
  append(leaf: Uint8Array): void {
    this.levels[0].push(leaf);
    for (let k = 0; this.levels[k].length % 2 === 0; k++) {
      const level = this.levels[k];
      (this.levels[k + 1] ??= []).push(nodeHash(level[level.length - 2], level[level.length - 1]));
    }
  }

  /** MTH of the first `size` leaves. */
  root(size: number = this.size): Uint8Array {
    this.check(size);
    return size === 0 ? sha256(new Uint8Array(0)) : this.range(0, size);
  }

  /** The hash of the perfect subtree of leaves [index·2^level, (index+1)·2^level). */
  node(level: number, index: number): Uint8Array {
    const hash = this.levels[level]?.[index];
    if (!hash) throw new RangeError(`no complete subtree ${index} at level ${level} in a log of ${this.size}`);
    return hash;
  }

  /** The audit path of leaf `index` in the tree of the first `size` leaves. */
  inclusionProof(index: number, size: number): Uint8Array[] {
    this.check(size);
    if (!Number.isSafeInteger(index) || index < 0 || index >= size) throw new RangeError(`no leaf ${index} in a tree of ${size}`);
    return this.path(index, 0, size);
  }

  /** The proof that the tree of `from` leaves is a prefix of the tree of `to`. */
  consistencyProof(from: number, to: number): Uint8Array[] {
    this.check(to);
    if (!Number.isSafeInteger(from) || from < 1 || from > to) throw new RangeError(`no consistency proof from ${from} to ${to}`);
    return this.subproof(from, 0, to, true);
  }

  private check(size: number): void {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.size) throw new RangeError(`no tree of ${size} in a log of ${this.size}`);
  }

  private range(lo: number, hi: number): Uint8Array {
    const n = hi - lo;
    if (isPowerOfTwo(n) && lo % n === 0) return this.levels[Math.log2(n)][lo / n];
    const k = split(n);
    return nodeHash(this.range(lo, lo + k), this.range(lo + k, hi));
  }

  private path(m: number, lo: number, hi: number): Uint8Array[] {
    const n = hi - lo;
    if (n === 1) return [];
    const k = split(n);
    return m < k ? [...this.path(m, lo, lo + k), this.range(lo + k, hi)] : [...this.path(m - k, lo + k, hi), this.range(lo, lo + k)];
  }

  private subproof(m: number, lo: number, hi: number, whole: boolean): Uint8Array[] {
    const n = hi - lo;
    if (m === n) return whole ? [] : [this.range(lo, hi)];
    const k = split(n);
    return m <= k
      ? [...this.subproof(m, lo, lo + k, whole), this.range(lo + k, hi)]
      : [...this.subproof(m - k, lo + k, hi, false), this.range(lo, lo + k)];
  }
}
