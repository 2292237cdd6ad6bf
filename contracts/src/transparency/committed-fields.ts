/**
 * The schemas of what a leaf commits to (commitment.ts), apart so that a verifier that only
 * recomputes leaves does not bundle zod.
 */
import { z } from 'zod';

const HEX32 = /^[0-9a-f]{64}$/;

/** 32 bytes as 64 lowercase hex digits. */
export const hex32 = z.string().regex(HEX32, 'a 32-byte value is 64 lowercase hex digits');

const nullableText = z.string().nullable();
const committedLeg = z.object({
  sport: z.string(),
  league: nullableText,
  event: z.string(),
  selection: z.string(),
  odds: nullableText,
  date: z.string(),
  startsAt: nullableText,
});
const wager = {
  id: z.string(),
  date: z.string(),
  bonusBet: z.boolean(),
  /** The stake in the bettor's units at placement (stake / unit size), null without a unit size. */
  units: z.number().nullable(),
  stakeDigest: hex32,
};

/** The public fields a leaf commits to: the pick, its price and its stake (as units and a digest). */
export const committedFields = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('bet'),
    ...wager,
    sport: z.string(),
    league: nullableText,
    event: z.string(),
    betType: z.string(),
    odds: z.string(),
    startsAt: nullableText,
  }),
  z.strictObject({
    kind: z.literal('parlay'),
    ...wager,
    name: z.string(),
    totalOdds: nullableText,
    legs: z.array(z.strictObject(committedLeg.shape)),
  }),
]);
export type CommittedFields = z.infer<typeof committedFields>;
