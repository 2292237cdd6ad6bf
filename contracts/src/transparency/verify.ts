/**
 * Verifies a public profile against the log's verifier key, trusting nothing else the server says:
 * the latest checkpoint's signature, each commitment's first checkpoint's signature, every inclusion
 * and consistency proof in full (merkle.ts), each leaf recomputed from the fields shown, each stake
 * shown against its digest; then the figures are recomputed from the bets that verified. Pure: the
 * public page runs it in the browser, `npm run verify` in Node.
 */
import { decimalOfOdds, profitAtDecimal, stakeAtRisk } from '../domain/odds';
import { parlayDecimal } from '../domain/parlay';
import { roundMoney } from '../domain/money';
import type { Outcome } from '../enums';
import { openCheckpoint, type Checkpoint } from './checkpoint';
import { commitmentLeafHash, committedStart, fromHex, stakeDigest, type CommittedFields } from './commitment';
import { readProfile, type CompactCommitment, type CompactProfileDocument } from './compact';
import { InclusionVerifier, verifyConsistency } from './merkle';
import type { ProfileBet, ShownFields } from './profile';

type CompactBet = CompactProfileDocument['bets'][number];

/** What became of one bet: verified or not (and what failed), and when it was logged. */
export interface BetVerification {
  id: string;
  /** Every commitment of the bet holds (false for a bet without one). */
  verified: boolean;
  imported: boolean;
  /** Its latest commitment was in a checkpoint signed before the pick's start (null: no start, or not verified). */
  beforeStart: boolean | null;
  /** When its latest commitment was first in a signed checkpoint (null: not verified). */
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

/**
 * A verification's document and what it has checked so far. A profile's commitments share a few first
 * checkpoints and their consistency proofs, so each signature and each proof is checked once, and
 * each listed node is read into bytes once, not per leaf.
 */
interface Verifying {
  latest: Checkpoint;
  latestTime: number;
  key: string;
  origin: string;
  nodes: Uint8Array[];
  inclusion: InclusionVerifier;
  checkpoints: string[];
  opened: (Checkpoint | { failure: string } | undefined)[];
  consistency: Map<string, string | null>;
}

/** Why one commitment does not hold against the latest checkpoint, or its first checkpoint when it does. */
const checkCommitment = (commitment: CompactCommitment, v: Verifying): { failure: string } | Checkpoint => {
  const at = `leaf ${commitment.index}`;
  if (commitment.stake && stakeDigest(commitment.stake.amount, commitment.stake.salt) !== commitment.stakeDigest)
    return { failure: `${at}: the stake shown is not the stake committed` };
  // The spread keeps each kind's fields; TypeScript cannot follow the union through it.
  const leaf = commitmentLeafHash({ ...commitment.fields, stakeDigest: commitment.stakeDigest } as CommittedFields, commitment.salt);
  const inclusion = v.inclusion.verify(commitment.index, leaf, commitment.inclusion);
  if (inclusion) return { failure: `${at}: the fields shown are not the ones logged (inclusion: ${inclusion})` };
  let first = v.opened[commitment.firstCheckpoint];
  if (!first) v.opened[commitment.firstCheckpoint] = first = openCheckpoint(v.checkpoints[commitment.firstCheckpoint], v.key, v.origin);
  if ('failure' in first) return { failure: `${at}: its first checkpoint: ${first.failure}` };
  if (first.size <= commitment.index) return { failure: `${at}: its first checkpoint's tree (${first.size}) does not hold it` };
  if (Date.parse(first.time) > v.latestTime) return { failure: `${at}: its first checkpoint is signed after the latest` };
  const proofKey = `${commitment.firstCheckpoint} ${commitment.consistency.join(' ')}`;
  let consistency = v.consistency.get(proofKey);
  if (consistency === undefined) {
    const proof = commitment.consistency.map((place) => v.nodes[place]);
    consistency = verifyConsistency(first.size, v.latest.size, proof, first.root, v.latest.root);
    v.consistency.set(proofKey, consistency);
  }
  if (consistency) return { failure: `${at}: its first checkpoint is not a prefix of the latest (consistency: ${consistency})` };
  return first;
};

const verifyBet = (bet: CompactBet, v: Verifying): BetVerification => {
  const result: BetVerification = { id: bet.id, verified: false, imported: bet.imported, beforeStart: null, loggedAt: null, failures: [] };
  if (bet.commitments.length === 0) return result;
  let first: Checkpoint | undefined;
  bet.commitments.forEach((commitment, i) => {
    if (i > 0 && commitment.index <= bet.commitments[i - 1].index) result.failures.push(`leaf ${commitment.index}: out of order`);
    if (commitment.fields.id !== bet.id) result.failures.push(`leaf ${commitment.index}: it commits to another pick`);
    const held = checkCommitment(commitment, v);
    if ('failure' in held) result.failures.push(held.failure);
    else first = held;
  });
  if (result.failures.length > 0 || !first) return result;
  const start = committedStart(bet.commitments[bet.commitments.length - 1].fields);
  return {
    ...result,
    verified: true,
    loggedAt: first.time,
    beforeStart: start === null ? null : Date.parse(first.time) < Date.parse(start),
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
export const figuresOf = (bets: readonly (ProfileBet | CompactBet)[]): Figures => {
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
    if (latest.stake) {
      const stake = latest.stake.amount;
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

/** Verifies a profile document (as fetched: anything, in either form) with the log's verifier key. */
export const verifyProfile = (document: unknown, key: string): ProfileVerification => {
  const empty = { all: figuresOf([]), beforeStart: figuresOf([]) };
  const read = readProfile(document);
  if ('failure' in read) return { ok: false, failure: read.failure, checkpoint: null, bets: [], figures: empty };
  const profile = read.document;
  const latest = openCheckpoint(profile.checkpoint, key, profile.origin);
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
  const nodes = profile.nodes.map(fromHex);
  const v: Verifying = {
    latest,
    latestTime: Date.parse(latest.time),
    key,
    origin: profile.origin,
    nodes,
    inclusion: new InclusionVerifier(latest.size, latest.root, nodes),
    checkpoints: profile.checkpoints,
    opened: [],
    consistency: new Map(),
  };
  const bets = profile.bets.map((bet) => verifyBet(bet, v));
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
