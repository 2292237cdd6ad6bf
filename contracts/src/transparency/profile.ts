/**
 * The documents of the transparency log as the API serves them (docs/api.md "Transparency log"):
 * proofs, and the profile document a public page verifies. Hashes are 64 lowercase hex digits;
 * checkpoints are signed notes (checkpoint.ts), as text.
 */
import { z } from 'zod';
import { LEG_OUTCOMES, OUTCOMES } from '../enums';
import { committedFields, hex32 } from './commitment';

/** A commitment's fields as a page shows them: all but the stake's digest. */
export const shownFields = z.discriminatedUnion('kind', [
  committedFields.options[0].omit({ stakeDigest: true }),
  committedFields.options[1].omit({ stakeDigest: true }),
]);
export type ShownFields = z.infer<typeof shownFields>;

/** One leaf of a pick, with what proves it. */
export const provenCommitment = z.strictObject({
  /** The leaf's index in the log. */
  index: z.number().int().nonnegative(),
  /** The leaf salt (commitment.ts's leafSaltOf). */
  salt: hex32,
  fields: shownFields,
  stakeDigest: hex32,
  /** The stake and its salt, when the page shows money (null: units only). */
  stake: z.strictObject({ amount: z.number().positive(), salt: hex32 }).nullable(),
  /** The audit path of the leaf in the tree of the profile's checkpoint. */
  inclusion: z.array(hex32),
  /** The first signed checkpoint whose tree holds the leaf: when the commitment was logged. */
  firstCheckpoint: z.string(),
  /** The consistency proof from firstCheckpoint's tree to the profile's checkpoint's. */
  consistency: z.array(hex32),
});
export type ProvenCommitment = z.infer<typeof provenCommitment>;

/** A bet or parlay of a public profile. */
export const profileBet = z.strictObject({
  id: z.string(),
  /** The bettor's own word: settlement is not proven. */
  outcome: z.enum(OUTCOMES),
  /** A parlay's legs' outcomes, in the order of its legs (null for a single bet). */
  legOutcomes: z.array(z.enum(LEG_OUTCOMES)).nullable(),
  cashOutAmount: z.number().nullable(),
  cashOutUnits: z.number().nullable(),
  /** Every leaf of the pick, oldest first; the last holds the pick as it stands. Empty: imported or logged before the log. */
  commitments: z.array(provenCommitment),
  /** A pick without commitments: what is shown of it, proven by nothing. */
  unproven: z.strictObject({ fields: shownFields, stake: z.number().positive().nullable() }).nullable(),
  imported: z.boolean(),
});
export type ProfileBet = z.infer<typeof profileBet>;

/** What a public page verifies: the log's latest checkpoint and every bet shown, with its proofs. */
export const profileDocument = z.object({
  /** The log's origin line (and its key's name). */
  origin: z.string(),
  /** The latest signed checkpoint, which every inclusion and consistency proof leads to. */
  checkpoint: z.string(),
  bets: z.array(profileBet),
});
export type ProfileDocument = z.infer<typeof profileDocument>;

/** GET /api/log/proof/inclusion: the audit path of leaf `index` in the tree of `size`. */
export const inclusionAnswer = z.object({ index: z.number(), size: z.number(), leaf: hex32, proof: z.array(hex32) });
/** GET /api/log/proof/consistency: that the tree of `from` is a prefix of the tree of `to`. */
export const consistencyAnswer = z.object({ from: z.number(), to: z.number(), proof: z.array(hex32) });
/** GET /api/log/key: the verifier key (C2SP note format) and the log's origin. */
export const logKeyAnswer = z.object({ origin: z.string(), key: z.string() });
