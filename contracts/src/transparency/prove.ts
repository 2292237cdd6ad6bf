import { leafSaltOf, stakeSaltOf, toHex, type CommittedFields } from './commitment';
import type { ProvenCommitment } from './profile';
import type { MerkleLog } from './tree';

/** A leaf as the log keeps it: where it is, what it commits to, and the event's salt and stake. */
export interface LoggedCommitment {
  index: number;
  commitmentSalt: string;
  fields: CommittedFields;
  stake: number;
}

/** A signed checkpoint and the size of its tree. */
export interface SignedCheckpoint {
  size: number;
  note: string;
}

/** The first of these checkpoints (ascending by size) whose tree holds leaf `index`. */
export const firstCheckpointOf = <C extends { size: number }>(index: number, checkpoints: readonly C[]): C | undefined => {
  let lo = 0;
  let hi = checkpoints.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (checkpoints[mid].size > index) hi = mid;
    else lo = mid + 1;
  }
  return checkpoints[lo];
};

/**
 * A leaf with its proofs against the latest of `checkpoints` (ascending by size, the last the
 * latest), as a profile document carries it; undefined while no checkpoint holds it yet. The stake
 * and its salt go out only when the page shows money.
 */
export const proveCommitment = (
  leaf: LoggedCommitment,
  log: MerkleLog,
  checkpoints: readonly SignedCheckpoint[],
  showMoney: boolean,
): ProvenCommitment | undefined => {
  const latest = checkpoints[checkpoints.length - 1];
  const first = firstCheckpointOf(leaf.index, checkpoints);
  if (!latest || !first) return undefined;
  const { stakeDigest, ...fields } = leaf.fields;
  return {
    index: leaf.index,
    salt: leafSaltOf(leaf.commitmentSalt),
    fields,
    stakeDigest,
    stake: showMoney ? { amount: leaf.stake, salt: stakeSaltOf(leaf.commitmentSalt) } : null,
    inclusion: log.inclusionProof(leaf.index, latest.size).map(toHex),
    firstCheckpoint: first.note,
    consistency: log.consistencyProof(first.size, latest.size).map(toHex),
  };
};
