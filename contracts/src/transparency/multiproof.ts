/**
 * One proof, against one tree (RFC 9162 2.1), of many leaves and of the roots of smaller trees of
 * the same log. A tree of size s is the right-to-left hash composition of the perfect subtrees of
 * the binary decomposition of s (largest first), and each of them is a node (level, index) of every
 * larger tree. So the nodes that prove some leaves of the tree of size n also prove every smaller
 * tree whose decomposition's nodes are computed on the way: the proof holds only the nodes the
 * verifier cannot compute from the leaves it hashed itself, in an order both sides derive from
 * (n, the leaves' indices, the smaller trees' sizes), so no coordinates are sent. Every node sent is
 * used on the way to the root of n: a proof with a node more or less fails.
 */
import { nodeHash } from './merkle';

/** A perfect subtree: leaves [index·2^level, (index+1)·2^level). */
interface Subtree {
  level: number;
  index: number;
}

/** A node's in-order place in the perfect tree over the leaves (exact for trees up to 2^52 leaves): a number, not a string to build and hash. */
const keyOf = (level: number, index: number) => index * 2 ** (level + 1) + 2 ** level - 1;

/** The perfect subtrees a tree of `size` (≥ 1) is composed of, largest (leftmost) first. */
export const decomposition = (size: number): Subtree[] => {
  let level = 0;
  while (2 ** (level + 1) <= size) level++;
  const subtrees: Subtree[] = [];
  for (let start = 0; level >= 0; level--) {
    const width = 2 ** level;
    if (size - start < width) continue;
    subtrees.push({ level, index: start / width });
    start += width;
  }
  return subtrees;
};

/** The first place in sorted `indices`, from lo to hi, whose index is at least `bound`. */
const firstAtLeast = (indices: readonly number[], bound: number, lo: number, hi: number): number => {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (indices[mid] < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** What a walk does at each node: a known leaf (its place in the indices), a node of the proof, or a parent. */
interface Visit<T> {
  leaf(place: number): T;
  sent(level: number, index: number): T;
  combine(left: T, right: T): T;
}

/**
 * Walks the tree of `size` down to the known leaves and the smaller trees' subtrees, left to right,
 * and answers the values of the decomposition of `size` and of each smaller tree's. A node is opened
 * (made of its children) when a known leaf or a smaller tree's subtree lies under it; an unopened
 * node that is not a known leaf is one of the proof's, in the order the walk meets it.
 */
const walk = <T>(size: number, indices: readonly number[], sizes: readonly number[], visit: Visit<T>) => {
  const wanted = new Set<number>();
  const opened = new Set<number>();
  for (const smaller of sizes)
    for (const { level, index } of decomposition(smaller)) {
      wanted.add(keyOf(level, index));
      for (let l = level + 1, i = Math.floor(index / 2); (i + 1) * 2 ** l <= size; l++, i = Math.floor(i / 2)) {
        const key = keyOf(l, i);
        if (opened.has(key)) break;
        opened.add(key);
      }
    }
  const values = new Map<number, T>();
  const at = (level: number, index: number, lo: number, hi: number): T => {
    let value: T;
    if (level === 0 && lo < hi) value = visit.leaf(lo);
    else if (lo === hi && !opened.has(keyOf(level, index))) value = visit.sent(level, index);
    else {
      const mid = firstAtLeast(indices, (2 * index + 1) * 2 ** (level - 1), lo, hi);
      value = visit.combine(at(level - 1, 2 * index, lo, mid), at(level - 1, 2 * index + 1, mid, hi));
    }
    if (wanted.size > 0 && wanted.has(keyOf(level, index))) values.set(keyOf(level, index), value);
    return value;
  };
  let lo = 0;
  const top = decomposition(size).map(({ level, index }) => {
    const hi = firstAtLeast(indices, (index + 1) * 2 ** level, lo, indices.length);
    const value = at(level, index, lo, hi);
    lo = hi;
    return value;
  });
  const rootOf = (subtrees: T[]) => subtrees.reduceRight((right, left) => visit.combine(left, right));
  return {
    root: rootOf(top),
    roots: sizes.map((smaller) => rootOf(decomposition(smaller).map((s) => values.get(keyOf(s.level, s.index)) as T))),
  };
};

/** Why these leaf indices and tree sizes cannot be proven in a tree of `size`, or null. */
const unprovable = (size: number, indices: readonly number[], sizes: readonly number[]): string | null => {
  if (!Number.isSafeInteger(size) || size < 1) return 'the tree is empty';
  if (size > 2 ** 52) return `a tree of ${size} is larger than a log can be`;
  for (let i = 0; i < indices.length; i++) {
    if (!Number.isSafeInteger(indices[i]) || indices[i] < 0 || indices[i] >= size)
      return `leaf ${indices[i]} is not in the tree of ${size}`;
    if (i > 0 && indices[i] <= indices[i - 1]) return 'the leaves are not in ascending order, each once';
  }
  const beyond = sizes.find((s) => !Number.isSafeInteger(s) || s < 1 || s > size);
  return beyond === undefined ? null : `a tree of ${beyond} is not a prefix of the tree of ${size}`;
};

/** The nodes of a tree that `node(level, index)` answers. */
interface Nodes {
  node(level: number, index: number): Uint8Array;
}

/**
 * The proof of the leaves at these ascending indices and of the roots of the trees of these sizes
 * (each 1 to `size`), in the tree of `size`: the nodes the verifier cannot compute, in walk order.
 */
export const proveMultiproof = (tree: Nodes, size: number, indices: readonly number[], sizes: readonly number[]): Uint8Array[] => {
  if (indices.length === 0 && sizes.length === 0) return [];
  const failure = unprovable(size, indices, sizes);
  if (failure) throw new RangeError(failure);
  const nodes: Uint8Array[] = [];
  walk<null>(size, indices, sizes, {
    leaf: () => null,
    sent: (level, index) => (nodes.push(tree.node(level, index)), null),
    combine: () => null,
  });
  return nodes;
};

/**
 * Checks a multiproof: the leaves with these hashes at these ascending indices, and `nodes`, lead to
 * `root` (the tree of `size`'s). Answers the root of each tree of `sizes` they prove, or why not.
 * With no leaf and no smaller tree there is nothing to prove, and the proof is empty.
 */
export const verifyMultiproof = (
  size: number,
  root: Uint8Array,
  leaves: { indices: readonly number[]; hashes: readonly Uint8Array[] },
  sizes: readonly number[],
  nodes: readonly Uint8Array[],
): { roots: Uint8Array[] } | { failure: string } => {
  if (leaves.indices.length === 0 && sizes.length === 0)
    return nodes.length === 0 ? { roots: [] } : { failure: `the proof holds ${nodes.length} nodes and proves nothing` };
  const failure = unprovable(size, leaves.indices, sizes);
  if (failure) return { failure };
  let used = 0;
  const computed = walk<Uint8Array>(size, leaves.indices, sizes, {
    leaf: (place) => leaves.hashes[place],
    sent: () => nodes[used++] ?? new Uint8Array(32),
    combine: nodeHash,
  });
  if (used > nodes.length) return { failure: `the proof lacks ${used - nodes.length} of its ${used} nodes` };
  if (used < nodes.length) return { failure: `the proof holds ${nodes.length - used} nodes it does not use` };
  if (!computed.root.every((byte, i) => byte === root[i])) return { failure: 'the proof leads to another root' };
  return { roots: computed.roots };
};
