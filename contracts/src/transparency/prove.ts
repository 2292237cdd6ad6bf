import { anchorOf, committedStart, hashesToBase64, leafSaltOf } from './commitment';
import type { CommittedFields } from './committed-fields';
import { proveMultiproof } from './multiproof';
import type { ShownCommitment } from './profile';
import type { MerkleLog } from './tree';

/** A leaf as the log keeps it: where it is, what it commits to, and the event's salt and stake. */
export interface LoggedCommitment {
  index: number;
  commitmentSalt: string;
  fields: CommittedFields;
  stake: number;
}

/** A signed checkpoint's tree size and signed time (ms since the epoch). */
export interface SignedHead {
  size: number;
  time: number;
}

/** The place of the first of these checkpoints (ascending by size) whose tree holds leaf `index`. */
const firstPlaceOf = (index: number, checkpoints: readonly { size: number }[]): number => {
  let lo = 0;
  let hi = checkpoints.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (checkpoints[mid].size > index) hi = mid;
    else lo = mid + 1;
  }
  return lo;
};

/** The last place, from `lo` on, of a checkpoint signed before `time` (heads ascending by size and time). */
const lastBefore = (time: number, heads: readonly SignedHead[], lo: number): number => {
  let hi = heads.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (heads[mid].time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
};

/** A pick's leaves in the log, oldest first. */
export interface LoggedPick {
  id: string;
  leaves: LoggedCommitment[];
}

/** The proof part of a profile document (profile.ts), and each pick's commitments as it shows them. */
export interface ProvenProfile {
  checkpoint: string;
  checkpoints: string[];
  leaves: string;
  nodes: string;
  /** Parallel to the picks; a leaf not yet under a signed checkpoint is left out. */
  commitments: ShownCommitment[][];
}

/**
 * Proves these picks' leaves against the latest of `heads` (every signed checkpoint, ascending by
 * size) with one multiproof. Each leaf names a checkpoint that holds it; a pick's anchor leaf (its
 * latest, or the first of those that differ from it only in units: anchorOf) one signed before its
 * start when the first to hold it was. Those are chosen as few as possible (the
 * latest, and for each run of starts the last checkpoint before the earliest of them: a greedy cover
 * of intervals by their right ends). The stake and the commitment salt (whose derived stake salt
 * opens its digest) go out only when the page shows money.
 */
export const proveProfile = async (
  picks: readonly LoggedPick[],
  log: MerkleLog,
  heads: readonly SignedHead[],
  noteOf: (size: number) => string | Promise<string>,
  showMoney: boolean,
): Promise<ProvenProfile> => {
  const latest = heads[heads.length - 1];
  if (!latest) return { checkpoint: '', checkpoints: [], leaves: '', nodes: '', commitments: picks.map(() => []) };
  // Each leaf's range of checkpoint places that prove what it must; `place` is the one chosen.
  const wants = picks.flatMap((pick, p) => {
    const signed = pick.leaves.filter((leaf) => leaf.index < latest.size);
    const anchor = anchorOf(signed.map((leaf) => leaf.fields));
    return signed.map((leaf, j) => {
      const lo = firstPlaceOf(leaf.index, heads);
      const start = j === anchor ? committedStart(signed[signed.length - 1].fields) : null;
      const startTime = start === null ? NaN : Date.parse(start);
      const hi = heads[lo].time < startTime ? lastBefore(startTime, heads, lo) : heads.length - 1;
      return { p, leaf, lo, hi, place: hi };
    });
  });
  let chosen = -1;
  for (const want of [...wants].sort((a, b) => a.hi - b.hi)) {
    if (chosen < want.lo) chosen = want.hi;
    want.place = chosen;
  }
  const places = [...new Set(wants.map((want) => want.place))].sort((a, b) => a - b);
  const placeOf = new Map(places.map((place, i) => [place, i]));
  const commitments: ShownCommitment[][] = picks.map(() => []);
  for (const { p, leaf, place } of wants) {
    const { stakeDigest, ...fields } = leaf.fields;
    const shown = showMoney
      ? { commitmentSalt: leaf.commitmentSalt, stake: leaf.stake, salt: null, stakeDigest: null }
      : { commitmentSalt: null, stake: null, salt: leafSaltOf(leaf.commitmentSalt), stakeDigest };
    commitments[p].push({ index: leaf.index, fields, ...shown, checkpoint: placeOf.get(place) as number });
  }
  const indices = wants.map((want) => want.leaf.index);
  const sizes = places.map((place) => heads[place].size);
  return {
    checkpoint: await noteOf(latest.size),
    checkpoints: await Promise.all(sizes.map(noteOf)),
    leaves: hashesToBase64(indices.map((index) => log.node(0, index))),
    nodes: hashesToBase64(
      proveMultiproof(
        log,
        latest.size,
        [...indices].sort((a, b) => a - b),
        sizes,
      ),
    ),
    commitments,
  };
};
