/**
 * The documents of the transparency log as the API serves them (docs/api.md "Transparency log"):
 * proofs, and the profile document a public page verifies. Hashes are 64 lowercase hex digits but
 * in the profile document's base64 lists; checkpoints are signed notes (checkpoint.ts), as text.
 */
import { z } from 'zod';
import type { LegOutcome, Outcome } from '../enums';
import { committedFields, hex32 } from './committed-fields';

/** A commitment's fields as a page shows them: all but the stake's digest. */
export const shownFields = z.discriminatedUnion('kind', [
  committedFields.options[0].omit({ stakeDigest: true }),
  committedFields.options[1].omit({ stakeDigest: true }),
]);
export type ShownFields = z.infer<typeof shownFields>;

/** One leaf of a pick, as a profile document shows it. */
export interface ShownCommitment {
  /** The leaf's index in the log. */
  index: number;
  fields: ShownFields;
  /**
   * On a page that shows money, the commitment salt, from which the leaf salt and the stake salt
   * derive (commitment.ts), and the stake; else null.
   */
  commitmentSalt: string | null;
  stake: number | null;
  /** On a page that shows units only, the leaf salt and the stake's digest (the stake and its salt stay hidden); else null. */
  salt: string | null;
  stakeDigest: string | null;
  /**
   * A place in the document's `checkpoints`: a signed checkpoint whose tree holds the leaf. For a
   * pick's latest leaf, one signed before its start when there is one.
   */
  checkpoint: number;
}

/** A bet or parlay of a public profile. */
export interface ProfileBet {
  id: string;
  /** The bettor's own word: settlement is not proven. */
  outcome: Outcome;
  /** A parlay's legs' outcomes, in the order of its legs (null for a single bet). */
  legOutcomes: LegOutcome[] | null;
  cashOutAmount: number | null;
  cashOutUnits: number | null;
  /** Every leaf of the pick, oldest first; the last holds the pick as it stands. Empty: imported or logged before the log. */
  commitments: ShownCommitment[];
  /** A pick without commitments: what is shown of it, proven by nothing. */
  unproven: { fields: ShownFields; stake: number | null } | null;
  imported: boolean;
}

/**
 * What a public page verifies (GET /api/public/profiles/:handle/proofs): the log's latest
 * checkpoint, the few checkpoints the commitments name, every bet shown, and one multiproof
 * (multiproof.ts) of every commitment's leaf and every named checkpoint's tree against the latest.
 */
export interface ProfileDocument {
  /** The log's origin line (and its key's name). */
  origin: string;
  /** The latest signed checkpoint, which the multiproof leads to. */
  checkpoint: string;
  /** The signed checkpoints the commitments name, once each, ascending by size. */
  checkpoints: string[];
  /** Base64 of each commitment's leaf hash (32 bytes), in the order of the bets and their commitments. */
  leaves: string;
  /** Base64 of the multiproof's nodes (32 bytes each), in the order the walk derives. */
  nodes: string;
  bets: ProfileBet[];
}

/** GET /api/log/proof/inclusion: the audit path of leaf `index` in the tree of `size`. */
export const inclusionAnswer = z.object({ index: z.number(), size: z.number(), leaf: hex32, proof: z.array(hex32) });
/** GET /api/log/proof/consistency: that the tree of `from` is a prefix of the tree of `to`. */
export const consistencyAnswer = z.object({ from: z.number(), to: z.number(), proof: z.array(hex32) });
/** GET /api/log/key: the verifier key (C2SP note format) and the log's origin. */
export const logKeyAnswer = z.object({ origin: z.string(), key: z.string() });
