/**
 * A profile document as the API serves it (GET /api/public/profiles/:handle/proofs): the proofs'
 * hashes and the checkpoints listed once and referred to by their place. A profile's inclusion
 * proofs share most of their upper nodes and its commitments a handful of first checkpoints, so
 * this is a fraction of the expanded document's size. `verifyProfile` checks this form (either form
 * read by `readProfile`); nothing is trusted by being listed once (each proof is checked in full).
 */
import { z } from 'zod';
import { hex32 } from './commitment';
import { profileBet, profileDocument, provenCommitment, type ProfileDocument, type ProvenCommitment } from './profile';

const ref = z.number().int().nonnegative();

const compactCommitment = provenCommitment.extend({
  /** Places in `nodes`. */
  inclusion: z.array(ref),
  /** A place in `checkpoints`. */
  firstCheckpoint: ref,
  /** Places in `nodes`. */
  consistency: z.array(ref),
});

/** A profile document with each proof node and first checkpoint listed once. */
export const compactProfileDocument = z.object({
  origin: z.string(),
  checkpoint: z.string(),
  /** Every hash the proofs use, once. */
  nodes: z.array(hex32),
  /** Every first checkpoint the commitments name, once. */
  checkpoints: z.array(z.string()),
  bets: z.array(profileBet.extend({ commitments: z.array(compactCommitment) })),
});
export type CompactProfileDocument = z.infer<typeof compactProfileDocument>;
export type CompactCommitment = z.infer<typeof compactCommitment>;

/** Lists each value once, giving its place. */
export class Interner<T> {
  readonly values: T[] = [];
  private readonly places = new Map<T, number>();

  place(value: T): number {
    let at = this.places.get(value);
    if (at === undefined) {
      at = this.values.length;
      this.values.push(value);
      this.places.set(value, at);
    }
    return at;
  }
}

/** One commitment with its hashes and first checkpoint replaced by their places. */
export const compactCommitmentOf = (
  commitment: ProvenCommitment,
  nodes: Interner<string>,
  checkpoints: Interner<string>,
): CompactCommitment => ({
  ...commitment,
  inclusion: commitment.inclusion.map((hash) => nodes.place(hash)),
  firstCheckpoint: checkpoints.place(commitment.firstCheckpoint),
  consistency: commitment.consistency.map((hash) => nodes.place(hash)),
});

/** The compact form of a profile document. */
export const compactProfile = (document: ProfileDocument): CompactProfileDocument => {
  const nodes = new Interner<string>();
  const checkpoints = new Interner<string>();
  const bets = document.bets.map((bet) => ({
    ...bet,
    commitments: bet.commitments.map((commitment) => compactCommitmentOf(commitment, nodes, checkpoints)),
  }));
  return { origin: document.origin, checkpoint: document.checkpoint, nodes: nodes.values, checkpoints: checkpoints.values, bets };
};

/** True when the document is in the compact form (it lists its nodes). */
export const isCompactProfile = (document: unknown): boolean =>
  typeof document === 'object' && document !== null && Array.isArray((document as { nodes?: unknown }).nodes);

/**
 * The compact document `verifyProfile` checks, from either form, or why it is malformed (a place
 * that lists nothing, for one). The expanded form is checked as it is, then listed compactly.
 */
export const readProfile = (document: unknown): { document: CompactProfileDocument } | { failure: string } => {
  const malformed = (issue: z.ZodError['issues'][number]) => ({
    failure: `the profile is malformed at ${issue.path.join('.')}: ${issue.message}`,
  });
  if (!isCompactProfile(document)) {
    const parsed = profileDocument.safeParse(document);
    return parsed.success ? { document: compactProfile(parsed.data) } : malformed(parsed.error.issues[0]);
  }
  const parsed = compactProfileDocument.safeParse(document);
  if (!parsed.success) return malformed(parsed.error.issues[0]);
  const { nodes, checkpoints, bets } = parsed.data;
  for (const [b, bet] of bets.entries())
    for (const [c, commitment] of bet.commitments.entries()) {
      const where = `bets.${b}.commitments.${c}`;
      const beyond = (places: readonly number[], list: readonly unknown[], field: string) => {
        const place = places.find((at) => at >= list.length);
        return place === undefined ? undefined : { failure: `the profile is malformed at ${where}.${field}: no entry ${place}` };
      };
      const failure =
        beyond(commitment.inclusion, nodes, 'inclusion') ??
        beyond([commitment.firstCheckpoint], checkpoints, 'firstCheckpoint') ??
        beyond(commitment.consistency, nodes, 'consistency');
      if (failure) return failure;
    }
  return { document: parsed.data };
};
