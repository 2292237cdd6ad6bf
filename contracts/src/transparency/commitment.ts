/**
 * Commitments of the transparency log: what a leaf commits to, in one place for the server (which
 * appends leaves), the public page and the command-line verifier (which recompute them).
 *
 * Each BetPlaced, ParlayCreated, BetAmended and ParlayAmended written since schema version 5 carries
 * a random 32-byte `commitmentSalt` (hex). Two salts are derived from it, so that what a public page
 * reveals never lets a reader guess what it does not show:
 * - the leaf salt, SHA-256("bt-leaf-salt" || salt): the leaf is RFC 6962's leaf hash,
 *   SHA-256(0x00 || JCS({ ...fields, salt: hex(leaf salt) })), JCS being RFC 8785's canonical JSON;
 * - the stake salt, SHA-256("bt-stake-salt" || salt): the fields hold the stake only as
 *   `stakeDigest` = hex(SHA-256(JCS({ stake, salt: hex(stake salt) }))), so a profile that shows
 *   units alone reveals the leaf salt but neither the stake nor its salt.
 */
import canonicalize from 'canonicalize';
import type { EventOf } from '../events';
import { commitmentJson } from './commitment-json';
import type { CommittedFields } from './committed-fields';
import { leafHash } from './merkle';
import { sha256 } from './sha256';

const encoder = new TextEncoder();

// Table lookups: a profile's verification converts tens of thousands of hashes.
const HEX_OF = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) NIBBLE['0123456789abcdef'.charCodeAt(i)] = i;
for (let i = 10; i < 16; i++) NIBBLE['ABCDEF'.charCodeAt(i - 10)] = i;

export const toHex = (bytes: Uint8Array): string => {
  let text = '';
  for (const b of bytes) text += HEX_OF[b];
  return text;
};
/** The bytes of hex digits (callers pass checked hex: a pair that is not hex reads as 0). */
export const fromHex = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length >> 1);
  for (let i = 0; i < bytes.length; i++) {
    const hi = NIBBLE[text.charCodeAt(2 * i)] ?? -1;
    const lo = NIBBLE[text.charCodeAt(2 * i + 1)] ?? -1;
    bytes[i] = hi < 0 || lo < 0 ? 0 : (hi << 4) | lo;
  }
  return bytes;
};

/** 32-byte hashes, one after another, as one base64 string. */
export const hashesToBase64 = (hashes: readonly Uint8Array[]): string => {
  let binary = '';
  for (const hash of hashes) binary += String.fromCharCode(...hash);
  return btoa(binary);
};
/** The 32-byte hashes of one base64 string, or null when it is not base64 of whole hashes. */
export const hashesFromBase64 = (text: string): Uint8Array[] | null => {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const binary = atob(text);
  if (binary.length % 32 !== 0) return null;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return Array.from({ length: bytes.length / 32 }, (_, i) => bytes.subarray(32 * i, 32 * (i + 1)));
};

/** RFC 8785 canonical JSON. */
export const canonicalJson = (value: unknown): string => {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('the value has no canonical JSON');
  return text;
};

const derive = (label: Uint8Array, salt: string): string => toHex(sha256(label, fromHex(salt)));
const LEAF_SALT = encoder.encode('bt-leaf-salt');
const STAKE_SALT = encoder.encode('bt-stake-salt');

/** The salt a leaf is hashed with (revealed by a public page). */
export const leafSaltOf = (commitmentSalt: string): string => derive(LEAF_SALT, commitmentSalt);
/** The salt a stake's digest is hashed with (revealed only by a page that shows money). */
export const stakeSaltOf = (commitmentSalt: string): string => derive(STAKE_SALT, commitmentSalt);

/** The digest a commitment holds of a stake. */
export const stakeDigest = (stake: number, stakeSalt: string): string =>
  // JCS of { stake, salt } written out: keys in order, a hex string and a finite number serialized as JSON does.
  toHex(sha256(`{"salt":${JSON.stringify(stakeSalt)},"stake":${JSON.stringify(stake)}}`));

type BetData = EventOf<'BetPlaced'>['data'];
type ParlayData = EventOf<'ParlayCreated'>['data'];
/** A bet's or parlay's state as its events so far leave it (startsAt is read when the events carry one). */
export type Pick = { kind: 'bet'; data: BetData } | { kind: 'parlay'; data: ParlayData };
type MaybeStart = { startsAt?: string | null };

/** The events that may carry a commitment. */
export type CommittingEvent = EventOf<
  'BetPlaced' | 'BetAmended' | 'ParlayCreated' | 'ParlayAmended' | 'BetUnitSizeApplied' | 'ParlayUnitSizeApplied'
>;
export const COMMITTING_EVENT_TYPES: readonly string[] = [
  'BetPlaced',
  'BetAmended',
  'ParlayCreated',
  'ParlayAmended',
  'BetUnitSizeApplied',
  'ParlayUnitSizeApplied',
];
/** The events that change only the units a pick counts in: a leaf only for a pick already committed (not for an imported one). */
export const UNIT_SIZE_EVENT_TYPES: readonly string[] = ['BetUnitSizeApplied', 'ParlayUnitSizeApplied'];

/** The pick after this event (undefined: an amendment of a pick whose creation was not seen). */
export const foldPick = (pick: Pick | undefined, event: CommittingEvent): Pick | undefined => {
  switch (event.type) {
    case 'BetPlaced':
      return { kind: 'bet', data: event.data };
    case 'ParlayCreated':
      return { kind: 'parlay', data: event.data };
    case 'BetAmended':
      return pick?.kind === 'bet' ? { kind: 'bet', data: { ...pick.data, ...event.data.changes } } : undefined;
    case 'ParlayAmended':
      return pick?.kind === 'parlay' ? { kind: 'parlay', data: { ...pick.data, ...event.data.changes } } : undefined;
    case 'BetUnitSizeApplied':
      return pick?.kind === 'bet' ? { kind: 'bet', data: { ...pick.data, unitSize: event.data.unitSize } } : undefined;
    case 'ParlayUnitSizeApplied':
      return pick?.kind === 'parlay' ? { kind: 'parlay', data: { ...pick.data, unitSize: event.data.unitSize } } : undefined;
    default: {
      const never: never = event;
      throw new Error(`not a committing event: ${String(never)}`);
    }
  }
};

const unitsOf = (stake: number, unitSize: number | null | undefined) => (unitSize && unitSize > 0 ? stake / unitSize : null);

type CommittedLeg = Extract<CommittedFields, { kind: 'parlay' }>['legs'][number];

/** A parlay leg as a commitment holds it (the event's leg, or the read model's). */
export const committedLegOf = (
  leg: Omit<CommittedLeg, 'league' | 'startsAt'> & { league?: string | null; startsAt?: string | null },
): CommittedLeg => ({
  sport: leg.sport,
  league: leg.league ?? null,
  event: leg.event,
  selection: leg.selection,
  odds: leg.odds,
  date: leg.date,
  startsAt: leg.startsAt ?? null,
});

/** The fields a leaf commits to for this pick, with its commitment salt (the event's). */
export const commitmentFields = (pick: Pick, commitmentSalt: string): CommittedFields => {
  const common = {
    date: pick.data.date,
    bonusBet: pick.data.bonusBet ?? false,
    units: unitsOf(pick.data.stake, pick.data.unitSize),
    stakeDigest: stakeDigest(pick.data.stake, stakeSaltOf(commitmentSalt)),
  };
  if (pick.kind === 'bet') {
    const bet = pick.data;
    return {
      kind: 'bet',
      id: bet.betId,
      ...common,
      sport: bet.sport,
      league: bet.league ?? null,
      event: bet.event,
      betType: bet.betType,
      odds: bet.odds,
      startsAt: (bet as MaybeStart).startsAt ?? null,
    };
  }
  const parlay = pick.data;
  return {
    kind: 'parlay',
    id: parlay.parlayId,
    ...common,
    name: parlay.name,
    totalOdds: parlay.totalOdds ?? null,
    legs: parlay.legs.map(committedLegOf),
  };
};

/**
 * The place, in a pick's commitments (oldest first), of the first one from which every later one
 * commits to the same pick, price and stake (stakeDigest included), differing at most in `units`:
 * a unit size applied later re-commits the units alone, and what was logged before the start
 * stays proven from that first one.
 */
export const anchorOf = (commitments: readonly CommittedFields[]): number => {
  const sameButUnits = (a: CommittedFields, b: CommittedFields) =>
    canonicalJson({ ...a, units: null }) === canonicalJson({ ...b, units: null });
  let anchor = commitments.length - 1;
  while (anchor > 0 && sameButUnits(commitments[anchor - 1], commitments[commitments.length - 1])) anchor--;
  return anchor;
};

/** The leaf hash of a commitment: SHA-256(0x00 || JCS({ ...fields, salt })). */
export const commitmentLeafHash = (fields: CommittedFields, leafSalt: string): Uint8Array => leafHash(commitmentJson(fields, leafSalt));

const SAME_SALT = '0'.repeat(64);
/** True when an amendment changed what a commitment holds (one that changes none of it appends no leaf). */
export const commitmentChanged = (before: Pick | undefined, after: Pick): boolean =>
  before === undefined || canonicalJson(commitmentFields(before, SAME_SALT)) !== canonicalJson(commitmentFields(after, SAME_SALT));

/** The start a pick's commitment names: a bet's own, a parlay's earliest leg's (null when none has one). */
export const committedStart = (
  fields: { kind: 'bet'; startsAt: string | null } | { kind: 'parlay'; legs: { startsAt: string | null }[] },
): string | null => {
  if (fields.kind === 'bet') return fields.startsAt;
  const starts = fields.legs.map((leg) => leg.startsAt).filter((s): s is string => s !== null);
  return starts.length === 0 ? null : starts.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
};
