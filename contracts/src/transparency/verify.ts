/**
 * Verifies a public profile against the log's verifier key, trusting nothing else the server says:
 * the latest checkpoint's signature and each named checkpoint's (once each), the one multiproof
 * (multiproof.ts) of every leaf and every named checkpoint's tree against the latest, each leaf
 * recomputed from the fields shown (with the stake shown, through its digest); then the figures are
 * recomputed from the bets that verified. The public page runs it in the browser, `npm run verify`
 * in Node.
 */
import { decimalOfOdds, profitAtDecimal, stakeAtRisk } from '../domain/odds';
import { parlayDecimal } from '../domain/parlay';
import { roundMoney } from '../domain/money';
import type { Outcome } from '../enums';
import { openCheckpoint, type Checkpoint } from './checkpoint';
import { anchorOf, commitmentLeafHash, committedStart, leafSaltOf, stakeDigest, stakeSaltOf } from './commitment';
import type { CommittedFields } from './committed-fields';
import { verifyMultiproof } from './multiproof';
import type { ProfileBet, ShownCommitment, ShownFields } from './profile';
import { readProfile, type ReadDocument } from './read-profile';
import { useWasmSha256 } from './sha256';

/** What became of one bet: verified or not (and what failed), and when it was logged. */
export interface BetVerification {
  id: string;
  /** Every commitment of the bet holds (false for a bet without one). */
  verified: boolean;
  imported: boolean;
  /** Its latest commitment was in a checkpoint signed before the pick's start (null: no start, or not verified). */
  beforeStart: boolean | null;
  /** The signed time of the checkpoint its latest commitment names (before the start when one was; null: not verified). */
  loggedAt: string | null;
  failures: string[];
}

/** The record's figures, as the page shows them; money and units are null when nothing shows them. */
export interface Figures {
  bets: number;
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  /** Wins over wins and losses, in percent (null without either). */
  winRate: number | null;
  staked: number | null;
  profit: number | null;
  /** Profit over the stake at risk, in percent. */
  roi: number | null;
  units: number | null;
}

export interface ProfileVerification {
  /** True when the document, its checkpoint and every bet with commitments verified. */
  ok: boolean;
  /** Why the document or its checkpoint failed (then no bet verifies). */
  failure: string | null;
  checkpoint: { size: number; time: string } | null;
  bets: BetVerification[];
  /** From the verified bets: all of them, and those logged before their start. */
  figures: { all: Figures; beforeStart: Figures };
}

/** What the document's proof established: per checkpoint place, its opened content or why it fails; per leaf index, why it fails. */
interface Proven {
  latest: Checkpoint;
  checkpoints: ({ checkpoint: Checkpoint } | { failure: string })[];
  /** Why the multiproof failed (every commitment then fails), or null. */
  multiproof: string | null;
  /** Each commitment's leaf hash as the document lists it, by leaf index. */
  listed: Map<number, Uint8Array>;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * Opens each checkpoint once and checks the one multiproof: every listed leaf hash in the latest
 * tree, and each checkpoint's root that of a prefix of it.
 */
const proveDocument = async (read: ReadDocument, latest: Checkpoint, key: string): Promise<Proven> => {
  const { document, leaves, nodes, sizes } = read;
  const listed = new Map<number, Uint8Array>();
  let at = 0;
  for (const bet of document.bets) for (const commitment of bet.commitments) listed.set(commitment.index, leaves[at++]);
  const indices = [...listed.keys()].filter((index) => index < latest.size).sort((a, b) => a - b);
  const inTree = sizes.filter((size) => size >= 1 && size <= latest.size);
  const proof = verifyMultiproof(
    latest.size,
    latest.root,
    { indices, hashes: indices.map((index) => listed.get(index) as Uint8Array) },
    inTree,
    nodes,
  );
  const roots = new Map('roots' in proof ? inTree.map((size, i) => [size, proof.roots[i]]) : []);
  const latestTime = Date.parse(latest.time);
  const checkpoints = await Promise.all(
    document.checkpoints.map(async (note) => {
      const opened = note === document.checkpoint ? latest : await openCheckpoint(note, key, document.origin);
      if ('failure' in opened) return opened;
      if (opened.size > latest.size)
        return { failure: `its checkpoint's tree (${opened.size}) is larger than the latest's (${latest.size})` };
      if (Date.parse(opened.time) > latestTime) return { failure: 'its checkpoint is signed after the latest' };
      const root = roots.get(opened.size);
      if (!root || !sameBytes(root, opened.root))
        return { failure: `its checkpoint is not a prefix of the latest (consistency: the tree of ${opened.size} has another root)` };
      return { checkpoint: opened };
    }),
  );
  return { latest, checkpoints, multiproof: 'failure' in proof ? proof.failure : null, listed };
};

/** Why one commitment does not hold against the latest checkpoint, or the checkpoint it names when it does. */
const checkCommitment = (
  commitment: ShownCommitment,
  proven: Proven,
): { failure: string } | { checkpoint: Checkpoint; committed: CommittedFields } => {
  const at = `leaf ${commitment.index}`;
  // read-profile lets through either a commitment salt and a stake, or a leaf salt and a stake digest.
  const { commitmentSalt, stake } = commitment;
  const digest = commitmentSalt === null ? (commitment.stakeDigest as string) : stakeDigest(stake as number, stakeSaltOf(commitmentSalt));
  const salt = commitmentSalt === null ? (commitment.salt as string) : leafSaltOf(commitmentSalt);
  // The spread keeps each kind's fields; TypeScript cannot follow the union through it.
  const committed = { ...commitment.fields, stakeDigest: digest } as CommittedFields;
  const leaf = commitmentLeafHash(committed, salt);
  if (!sameBytes(leaf, proven.listed.get(commitment.index) as Uint8Array))
    return {
      failure: `${at}: the fields shown are not the ones logged${stake === null ? '' : ' (or the stake is not the one committed)'}`,
    };
  if (commitment.index >= proven.latest.size)
    return { failure: `${at}: not in the latest checkpoint's tree (inclusion: beyond a tree of ${proven.latest.size})` };
  if (proven.multiproof) return { failure: `${at}: not proven in the latest checkpoint's tree (inclusion: ${proven.multiproof})` };
  const named = proven.checkpoints[commitment.checkpoint];
  if ('failure' in named) return { failure: `${at}: its checkpoint: ${named.failure}` };
  if (named.checkpoint.size <= commitment.index)
    return { failure: `${at}: its checkpoint's tree (${named.checkpoint.size}) does not hold it` };
  return { checkpoint: named.checkpoint, committed };
};

const verifyBet = (bet: ProfileBet, proven: Proven): BetVerification => {
  const result: BetVerification = { id: bet.id, verified: false, imported: bet.imported, beforeStart: null, loggedAt: null, failures: [] };
  if (bet.commitments.length === 0) return result;
  const held: { checkpoint: Checkpoint; committed: CommittedFields }[] = [];
  bet.commitments.forEach((commitment, i) => {
    if (i > 0 && commitment.index <= bet.commitments[i - 1].index) result.failures.push(`leaf ${commitment.index}: out of order`);
    if (commitment.fields.id !== bet.id) result.failures.push(`leaf ${commitment.index}: it commits to another pick`);
    const checked = checkCommitment(commitment, proven);
    if ('failure' in checked) result.failures.push(checked.failure);
    else held.push(checked);
  });
  if (result.failures.length > 0 || held.length === 0) return result;
  // What was logged before the start is the pick, price and stake: from the first commitment that the later ones repeat.
  const named = held[anchorOf(held.map((h) => h.committed))].checkpoint;
  const start = committedStart(bet.commitments[bet.commitments.length - 1].fields);
  return {
    ...result,
    verified: true,
    loggedAt: named.time,
    beforeStart: start === null ? null : Date.parse(named.time) < Date.parse(start),
  };
};

/** A bet's price: its odds, a parlay's total odds or its legs' product (pushed and void legs out). */
const decimalOf = (fields: ShownFields, legOutcomes: ProfileBet['legOutcomes']): number => {
  if (fields.kind === 'bet') return decimalOfOdds(fields.odds);
  if (fields.totalOdds !== null) return decimalOfOdds(fields.totalOdds);
  return parlayDecimal(fields.legs.map((leg, i) => ({ odds: leg.odds, outcome: legOutcomes?.[i] ?? 'pending' })));
};

const COUNTED: Partial<Record<Outcome, 'wins' | 'losses' | 'pushes' | 'voids'>> = {
  win: 'wins',
  loss: 'losses',
  push: 'pushes',
  void: 'voids',
};

/** W-L-P-V, win rate, ROI, units and profit of these bets (each with its latest commitment). */
export const figuresOf = (bets: readonly ProfileBet[]): Figures => {
  const figures: Figures = {
    bets: bets.length,
    wins: 0,
    losses: 0,
    pushes: 0,
    voids: 0,
    winRate: null,
    staked: null,
    profit: null,
    roi: null,
    units: null,
  };
  let atRisk = 0;
  for (const bet of bets) {
    const latest = bet.commitments[bet.commitments.length - 1];
    const counted = COUNTED[bet.outcome];
    if (counted) figures[counted] += 1;
    const decimal = decimalOf(latest.fields, bet.legOutcomes);
    const { bonusBet, units } = latest.fields;
    if (latest.stake !== null) {
      const stake = latest.stake;
      figures.staked = roundMoney((figures.staked ?? 0) + stake);
      figures.profit = roundMoney(
        (figures.profit ?? 0) + profitAtDecimal(stake, decimal, bet.outcome, { bonusBet, cashOutAmount: bet.cashOutAmount }),
      );
      atRisk += stakeAtRisk(stake, bet.outcome, bonusBet);
    }
    if (units !== null) {
      const profit = profitAtDecimal(units, decimal, bet.outcome, { bonusBet, cashOutAmount: bet.cashOutUnits });
      figures.units = roundMoney((figures.units ?? 0) + profit);
    }
  }
  const decided = figures.wins + figures.losses;
  figures.winRate = decided === 0 ? null : Math.round((figures.wins / decided) * 10_000) / 100;
  figures.roi = figures.profit === null || atRisk === 0 ? null : Math.round((figures.profit / atRisk) * 10_000) / 100;
  return figures;
};

/** Verifies a profile document (as fetched: anything) with the log's verifier key. */
export const verifyProfile = async (document: unknown, key: string): Promise<ProfileVerification> => {
  const empty = { all: figuresOf([]), beforeStart: figuresOf([]) };
  await useWasmSha256();
  const read = readProfile(document);
  if ('failure' in read) return { ok: false, failure: read.failure, checkpoint: null, bets: [], figures: empty };
  const profile = read.document;
  const latest = await openCheckpoint(profile.checkpoint, key, profile.origin);
  if ('failure' in latest) {
    const bets = profile.bets.map((bet) => ({
      id: bet.id,
      verified: false,
      imported: bet.imported,
      beforeStart: null,
      loggedAt: null,
      failures: [],
    }));
    return { ok: false, failure: `the latest checkpoint: ${latest.failure}`, checkpoint: null, bets, figures: empty };
  }
  const proven = await proveDocument(read, latest, key);
  const bets = profile.bets.map((bet) => verifyBet(bet, proven));
  const verified = profile.bets.filter((_, i) => bets[i].verified);
  const beforeStart = profile.bets.filter((_, i) => bets[i].verified && bets[i].beforeStart === true);
  return {
    ok: bets.every((bet) => bet.failures.length === 0),
    failure: null,
    checkpoint: { size: latest.size, time: latest.time },
    bets,
    figures: { all: figuresOf(verified), beforeStart: figuresOf(beforeStart) },
  };
};
