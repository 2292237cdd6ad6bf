import { expect } from 'chai';
import * as ed from '@noble/ed25519';
import { checkpointText, signNote, verifierKeyOf } from './checkpoint';
import { sha256 } from '@noble/hashes/sha2.js';
import { canonicalJson, commitmentFields, commitmentLeafHash, leafSaltOf, stakeDigest, toHex, type Pick } from './commitment';
import type { ProfileDocument } from './profile';
import { proveProfile, type LoggedCommitment, type SignedHead } from './prove';
import { MerkleLog } from './tree';
import { verifyProfile } from './verify';

const ORIGIN = 'bet-tracker.test/log';
const secret = ed.utils.randomSecretKey();
const KEY = verifierKeyOf(ORIGIN, secret);
const salt = (n: number) => toHex(new Uint8Array(32).fill(n));
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const USER = id(99);

const bet = (n: number, odds: string, stake: number, startsAt: string): Pick =>
  ({
    kind: 'bet',
    data: {
      userId: USER,
      betId: id(n),
      sport: 'basketball',
      event: `Game ${n}`,
      betType: 'moneyline',
      odds,
      stake,
      notes: null,
      date: '2026-11-20',
      unitSize: 10,
      startsAt,
    },
  }) as Pick;
const parlay: Pick = {
  kind: 'parlay',
  data: {
    userId: USER,
    parlayId: id(50),
    name: 'Two-leg',
    stake: 20,
    notes: null,
    date: '2026-11-20',
    unitSize: 10,
    legs: [
      { sport: 'football', event: 'A at B', selection: 'A', odds: '+100', date: '2026-11-20', outcome: 'win' },
      { sport: 'football', event: 'C at D', selection: 'D', odds: '+100', date: '2026-11-20', outcome: 'push' },
    ],
  },
};

/** A log of these picks' commitments (and of others' between them), signed after each pick at `times[i]`. */
const build = (picks: Pick[], times: string[]) => {
  const log = new MerkleLog();
  const heads: SignedHead[] = [];
  const notes = new Map<number, string>();
  const leaves: LoggedCommitment[] = [];
  picks.forEach((pick, i) => {
    log.append(commitmentLeafHash(commitmentFields(bet(900 + i, '+100', 5, times[i]), salt(200 + i)), leafSaltOf(salt(200 + i))));
    const fields = commitmentFields(pick, salt(i + 1));
    leaves.push({ index: log.size, commitmentSalt: salt(i + 1), fields, stake: pick.data.stake });
    log.append(commitmentLeafHash(fields, leafSaltOf(salt(i + 1))));
    const text = checkpointText({ origin: ORIGIN, size: log.size, root: log.root(), time: times[i] });
    heads.push({ size: log.size, time: Date.parse(times[i]) });
    notes.set(log.size, signNote(text, ORIGIN, secret));
  });
  return { log, heads, notes, leaves };
};

const profileOf = async (picks: Pick[], times: string[], outcomes: ('win' | 'loss')[], showMoney = true): Promise<ProfileDocument> => {
  const { log, heads, notes, leaves } = build(picks, times);
  const ids = picks.map((pick) => (pick.kind === 'bet' ? pick.data.betId : pick.data.parlayId));
  const logged = ids.map((id, i) => ({ id, leaves: [leaves[i]] }));
  const { commitments, ...proof } = await proveProfile(logged, log, heads, (size) => notes.get(size)!, showMoney);
  return {
    origin: ORIGIN,
    ...proof,
    bets: picks.map((pick, i) => ({
      id: ids[i],
      outcome: outcomes[i],
      legOutcomes: pick.kind === 'parlay' ? pick.data.legs.map((leg) => leg.outcome) : null,
      cashOutAmount: null,
      cashOutUnits: null,
      commitments: commitments[i],
      unproven: null,
      imported: false,
    })),
  };
};

const picks = [bet(1, '+150', 10, '2026-11-20T10:30:00Z'), bet(2, '-200', 20, '2026-11-20T10:00:00Z'), parlay];
const times = ['2026-11-20T09:00:00Z', '2026-11-20T11:00:00Z', '2026-11-20T12:00:00Z'];
const fresh = () => profileOf(picks, times, ['win', 'loss', 'win']);
const failuresOf = async (doc: unknown) => (await verifyProfile(doc, KEY)).bets.map((b) => b.failures);
const flip = (base64: string, at = 0) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  bytes[at] ^= 1;
  return btoa(String.fromCharCode(...bytes));
};

describe('verifying a public profile', () => {
  it('verifies every bet, tells before from after the start, and recomputes the figures', async () => {
    const result = await verifyProfile(await fresh(), KEY);
    expect(result.ok, JSON.stringify(result.bets)).to.equal(true);
    expect(result.bets.map((b) => [b.verified, b.beforeStart])).to.deep.equal([
      [true, true],
      [true, false],
      [true, null],
    ]);
    expect(result.figures.all).to.include({ bets: 3, wins: 2, losses: 1, staked: 50, profit: 15, winRate: 66.67, roi: 30, units: 1.5 });
    expect(result.figures.beforeStart).to.include({ bets: 1, wins: 1, profit: 15 });
  });

  it('names only the checkpoints that prove a start, and the latest for the rest', async () => {
    const doc = await fresh();
    // Bet 1 needs the checkpoint of 09:00 (its start is 10:30); bet 2 (logged after its start) and the parlay (no start) the latest.
    expect(doc.checkpoints).to.have.length(2);
    expect(doc.checkpoints[1]).to.equal(doc.checkpoint);
    expect(doc.bets.map((b) => b.commitments[0].checkpoint)).to.deep.equal([0, 1, 1]);
    const later = await profileOf(picks, ['2026-11-20T09:00:00Z', '2026-11-20T09:10:00Z', '2026-11-20T09:20:00Z'], ['win', 'loss', 'win']);
    expect(later.checkpoints, 'every start after the latest checkpoint: the latest alone').to.deep.equal([later.checkpoint]);
    expect((await verifyProfile(later, KEY)).bets.map((b) => b.beforeStart)).to.deep.equal([true, true, null]);
  });

  it('shows units alone with the leaf salt and the stake’s digest, and money with the commitment salt, and verifies both', async () => {
    const units = await profileOf(picks, times, ['win', 'loss', 'win'], false);
    const result = await verifyProfile(units, KEY);
    expect(result.ok).to.equal(true);
    expect(result.figures.all).to.include({ profit: null, staked: null, units: 1.5 });
    expect(units.bets[0].commitments[0].stakeDigest).to.match(/^[0-9a-f]{64}$/);
    const money = await fresh();
    const shown = money.bets[0].commitments[0];
    expect([shown.salt, shown.stakeDigest, shown.stake]).to.deep.equal([null, null, 10]);
    expect(stakeDigest(10, salt(1))).to.equal(toHex(sha256(new TextEncoder().encode(canonicalJson({ stake: 10, salt: salt(1) })))));
    expect(units.bets[0].commitments[0].commitmentSalt, 'a units page hides the salt the stake salt derives from').to.equal(null);
    units.bets[1].commitments[0].stakeDigest = units.bets[0].commitments[0].stakeDigest;
    expect((await failuresOf(units))[1]).to.deep.equal(['leaf 3: the fields shown are not the ones logged']);
  });

  it('names the bet whose shown field was altered, and verifies the others', async () => {
    const doc = await fresh();
    const fields = doc.bets[1].commitments[0].fields;
    if (fields.kind === 'bet') fields.odds = '+200';
    const failures = await failuresOf(doc);
    expect(failures[0]).to.deep.equal([]);
    expect(failures[1].join()).to.match(/leaf 3: the fields shown are not the ones logged/);
    expect(failures[2]).to.deep.equal([]);
    expect((await verifyProfile(doc, KEY)).ok).to.equal(false);
  });

  it('refuses a stake that is not the one committed, and a commitment of another pick', async () => {
    const doc = await fresh();
    doc.bets[0].commitments[0].stake = 100;
    doc.bets[2].id = id(1);
    const failures = await failuresOf(doc);
    expect(failures[0].join()).to.match(/leaf 1: the fields shown are not the ones logged \(or the stake is not the one committed\)/);
    expect(failures[2].join()).to.match(/it commits to another pick/);
  });

  it('refuses an altered, missing or extra node, a wrong index, a listed leaf hash altered, and a wrong or forged checkpoint', async () => {
    const tamper = async (change: (doc: ProfileDocument) => void, bet = 1) => {
      const doc = await fresh();
      change(doc);
      return (await failuresOf(doc))[bet].join();
    };
    const nodes = (doc: ProfileDocument) => atob(doc.nodes);
    expect(await tamper((d) => (d.nodes = flip(d.nodes)))).to.match(/inclusion: the proof leads to another root/);
    expect(await tamper((d) => (d.nodes = flip(d.nodes, nodes(d).length - 1)))).to.match(/inclusion/);
    expect(await tamper((d) => (d.nodes = btoa(nodes(d).slice(0, -32))))).to.match(/inclusion: the proof lacks 1 of its/);
    expect(await tamper((d) => (d.nodes = btoa(nodes(d) + nodes(d).slice(0, 32))))).to.match(
      /inclusion: the proof holds 1 nodes it does not use/,
    );
    expect(await tamper((d) => (d.bets[1].commitments[0].index = 2))).to.match(/inclusion/);
    expect(await tamper((d) => (d.leaves = flip(d.leaves, 32)))).to.match(/leaf 3: the fields shown are not the ones logged/);
    expect(await tamper((d) => (d.leaves = flip(d.leaves, 0)), 0)).to.match(/leaf 1: the fields shown are not the ones logged/);
    expect(await tamper((d) => (d.bets[1].commitments[0].checkpoint = 0))).to.match(/its checkpoint's tree \(2\) does not hold it/);
    expect(await tamper((d) => (d.checkpoints[0] = d.checkpoints[0].replace('09:00', '08:00')), 0)).to.match(/its checkpoint: .*signature/);
  });

  it('refuses a malformed document, naming where', async () => {
    const failure = async (change: (doc: ProfileDocument) => void) => {
      const doc = await fresh();
      change(doc);
      const result = await verifyProfile(doc, KEY);
      expect(result.bets).to.deep.equal([]);
      return result.failure;
    };
    expect(await failure((d) => (d.bets[1].commitments[0].checkpoint = 99))).to.match(
      /malformed at bets.1.commitments.0.checkpoint: no entry 99/,
    );
    expect(await failure((d) => (d.nodes = d.nodes.slice(1)))).to.match(/malformed at nodes: base64 of 32-byte hashes/);
    expect(await failure((d) => (d.leaves = btoa(atob(d.leaves).slice(32))))).to.match(
      /malformed at leaves: 2 leaf hashes for 3 commitments/,
    );
    expect(await failure((d) => (d.bets[2].commitments[0].index = d.bets[0].commitments[0].index))).to.match(/leaf 1 is listed twice/);
    expect(
      await failure((d) => (d.bets[0].commitments[0].commitmentSalt = 'AB' + d.bets[0].commitments[0].commitmentSalt!.slice(2))),
    ).to.match(/malformed at bets.0.commitments.0.commitmentSalt: a 32-byte value is 64 lowercase hex digits/);
    expect(await failure((d) => ((d.bets[2].commitments[0].fields as { legs: unknown }).legs = {}))).to.match(
      /malformed at bets.2.commitments.0.fields.legs: a list is expected/,
    );
    expect(await failure((d) => (d.checkpoints[0] = 'no size'))).to.match(/malformed at checkpoints.0/);
    expect(await failure((d) => (d.bets[0].commitments[0].stake = null))).to.match(
      /malformed at bets.0.commitments.0: commitmentSalt and stake, or salt and stakeDigest, are expected/,
    );
    expect((await verifyProfile({ origin: ORIGIN, bets: [] }, KEY)).failure).to.match(/malformed at checkpoint: a string is expected/);
  });

  it('verifies nothing under another key', async () => {
    const other = verifierKeyOf(ORIGIN, ed.utils.randomSecretKey());
    const result = await verifyProfile(await fresh(), other);
    expect(result.ok).to.equal(false);
    expect(result.failure).to.match(/the latest checkpoint: the note is not signed/);
    expect(result.bets.every((b) => !b.verified)).to.equal(true);
  });
});
