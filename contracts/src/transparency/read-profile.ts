/**
 * Reads a profile document (profile.ts) as fetched, checking its shape by hand: a walk of zod over
 * tens of thousands of commitments costs more than their proof. What is checked here is what the
 * verifier and the figures read; a commitment's fields are then held to its recomputed leaf.
 */
import { LEG_OUTCOMES, OUTCOMES } from '../enums';
import { hashesFromBase64 } from './commitment';
import type { ProfileDocument } from './profile';

/** Why a value is not what is expected, and where (a path of keys). */
type Problem = { at: (string | number)[]; message: string };
type Check = (value: unknown) => Problem | null;

const problem = (message: string): Problem => ({ at: [], message });
const is =
  (test: (value: unknown) => boolean, message: string): Check =>
  (value) =>
    test(value) ? null : problem(message);

const text = is((v) => typeof v === 'string', 'a string is expected');
const flag = is((v) => typeof v === 'boolean', 'true or false is expected');
const number = is((v) => typeof v === 'number' && Number.isFinite(v), 'a number is expected');
const place = is((v) => Number.isSafeInteger(v) && (v as number) >= 0, 'a whole number, 0 or more, is expected');
const HEX32 = /^[0-9a-f]{64}$/;
const hex32 = is((v) => typeof v === 'string' && HEX32.test(v), 'a 32-byte value is 64 lowercase hex digits');
const oneOf = (values: readonly string[]) => is((v) => values.includes(v as string), `one of ${values.join(', ')} is expected`);
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null ? null : check(value);

const within = (key: string | number, found: Problem | null): Problem | null => found && { at: [key, ...found.at], message: found.message };

const object =
  (shape: Record<string, Check>): Check =>
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return problem('an object is expected');
    for (const key in shape) {
      const found = within(key, shape[key]((value as Record<string, unknown>)[key]));
      if (found) return found;
    }
    return null;
  };

const array =
  (item: Check): Check =>
  (value) => {
    if (!Array.isArray(value)) return problem('a list is expected');
    for (let i = 0; i < value.length; i++) {
      const found = within(i, item(value[i]));
      if (found) return found;
    }
    return null;
  };

const optionalText = nullable(text);
const common = { id: text, date: text, bonusBet: flag, units: nullable(number) };
const betFields = object({ ...common, sport: text, league: optionalText, event: text, betType: text, odds: text, startsAt: optionalText });
const leg = object({
  sport: text,
  league: optionalText,
  event: text,
  selection: text,
  odds: optionalText,
  date: text,
  startsAt: optionalText,
});
const parlayFields = object({ ...common, name: text, totalOdds: optionalText, legs: array(leg) });
const shownFields: Check = (value) => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (kind === 'bet') return betFields(value);
  if (kind === 'parlay') return parlayFields(value);
  return typeof value === 'object' && value !== null
    ? within('kind', problem('bet or parlay is expected'))
    : problem('an object is expected');
};

const commitment = object({
  index: place,
  fields: shownFields,
  commitmentSalt: nullable(hex32),
  stake: nullable(is((v) => typeof v === 'number' && v > 0 && Number.isFinite(v), 'a positive number is expected')),
  salt: nullable(hex32),
  stakeDigest: nullable(hex32),
  checkpoint: place,
});
const bet = object({
  id: text,
  outcome: oneOf(OUTCOMES),
  legOutcomes: nullable(array(oneOf(LEG_OUTCOMES))),
  cashOutAmount: nullable(number),
  cashOutUnits: nullable(number),
  commitments: array(commitment),
  unproven: nullable(object({ fields: shownFields, stake: nullable(number) })),
  imported: flag,
});
const document = object({ origin: text, checkpoint: text, checkpoints: array(text), leaves: text, nodes: text, bets: array(bet) });

/** The tree size a note claims (its second line), unverified: the multiproof's layout depends on it. */
const claimedSize = (note: string): number | null => {
  const line = note.split('\n', 2)[1] ?? '';
  return /^(0|[1-9][0-9]*)$/.test(line) && Number.isSafeInteger(Number(line)) ? Number(line) : null;
};

/** A profile document with its hashes read into bytes and the sizes its checkpoints claim. */
export interface ReadDocument {
  document: ProfileDocument;
  /** Each commitment's leaf hash, in the order of the bets and their commitments. */
  leaves: Uint8Array[];
  nodes: Uint8Array[];
  /** The tree size each of `checkpoints` claims (checked when its note is opened). */
  sizes: number[];
}

/** The document `verifyProfile` checks, or why it is malformed (naming where). */
export const readProfile = (value: unknown): ReadDocument | { failure: string } => {
  const malformed = (at: (string | number)[], message: string) => ({ failure: `the profile is malformed at ${at.join('.')}: ${message}` });
  const found = document(value);
  if (found) return malformed(found.at, found.message);
  const profile = value as ProfileDocument;
  const leaves = hashesFromBase64(profile.leaves);
  if (!leaves) return malformed(['leaves'], 'base64 of 32-byte hashes is expected');
  const nodes = hashesFromBase64(profile.nodes);
  if (!nodes) return malformed(['nodes'], 'base64 of 32-byte hashes is expected');
  const sizes: number[] = [];
  for (const [i, note] of profile.checkpoints.entries()) {
    const size = claimedSize(note);
    if (size === null) return malformed(['checkpoints', i], 'a checkpoint note with a tree size is expected');
    sizes.push(size);
  }
  const seen = new Set<number>();
  for (const [b, { commitments }] of profile.bets.entries())
    for (const [c, { index, checkpoint, commitmentSalt, stake, salt, stakeDigest }] of commitments.entries()) {
      const money = commitmentSalt !== null && stake !== null && salt === null && stakeDigest === null;
      const units = commitmentSalt === null && stake === null && salt !== null && stakeDigest !== null;
      if (!money && !units)
        return malformed(['bets', b, 'commitments', c], 'commitmentSalt and stake, or salt and stakeDigest, are expected');
      if (checkpoint >= sizes.length) return malformed(['bets', b, 'commitments', c, 'checkpoint'], `no entry ${checkpoint}`);
      if (seen.has(index)) return malformed(['bets', b, 'commitments', c, 'index'], `leaf ${index} is listed twice`);
      seen.add(index);
    }
  if (seen.size !== leaves.length) return malformed(['leaves'], `${leaves.length} leaf hashes for ${seen.size} commitments`);
  return { document: profile, leaves, nodes, sizes };
};
