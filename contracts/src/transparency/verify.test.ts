import { expect } from 'chai';
import * as ed from '@noble/ed25519';
import { checkpointText, signNote, verifierKey } from './checkpoint';
import { commitmentFields, commitmentLeafHash, leafSaltOf, toHex, type Pick } from './commitment';
import { compactProfile } from './compact';
import type { ProfileDocument } from './profile';
import { proveCommitment, type LoggedCommitment, type SignedCheckpoint } from './prove';
import { MerkleLog } from './tree';
import { verifyProfile } from './verify';

const ORIGIN = 'bet-tracker.test/log';
const secret = ed.utils.randomSecretKey();
const KEY = verifierKey(ORIGIN, ed.getPublicKey(secret));
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
  const checkpoints: SignedCheckpoint[] = [];
  const leaves: LoggedCommitment[] = [];
  picks.forEach((pick, i) => {
    log.append(commitmentLeafHash(commitmentFields(bet(900 + i, '+100', 5, times[i]), salt(200 + i)), leafSaltOf(salt(200 + i))));
    const fields = commitmentFields(pick, salt(i + 1));
    leaves.push({ index: log.size, commitmentSalt: salt(i + 1), fields, stake: pick.data.stake });
    log.append(commitmentLeafHash(fields, leafSaltOf(salt(i + 1))));
    const text = checkpointText({ origin: ORIGIN, size: log.size, root: log.root(), time: times[i] });
    checkpoints.push({ size: log.size, note: signNote(text, ORIGIN, secret) });
  });
  return { log, checkpoints, leaves };
};

const profileOf = (picks: Pick[], times: string[], outcomes: ('win' | 'loss')[], showMoney = true): ProfileDocument => {
  const { log, checkpoints, leaves } = build(picks, times);
  return {
    origin: ORIGIN,
    checkpoint: checkpoints[checkpoints.length - 1].note,
    bets: picks.map((pick, i) => ({
      id: pick.kind === 'bet' ? pick.data.betId : pick.data.parlayId,
      outcome: outcomes[i],
      legOutcomes: pick.kind === 'parlay' ? pick.data.legs.map((leg) => leg.outcome) : null,
      cashOutAmount: null,
      cashOutUnits: null,
      commitments: [proveCommitment(leaves[i], log, checkpoints, showMoney)!],
      unproven: null,
      imported: false,
    })),
  };
};

const picks = [bet(1, '+150', 10, '2026-11-21T00:00:00Z'), bet(2, '-200', 20, '2026-11-20T10:00:00Z'), parlay];
const times = ['2026-11-20T09:00:00Z', '2026-11-20T11:00:00Z', '2026-11-20T12:00:00Z'];
const fresh = () => profileOf(picks, times, ['win', 'loss', 'win']);
const failuresOf = (doc: unknown) => verifyProfile(doc, KEY).bets.map((b) => b.failures);

describe('verifying a public profile', () => {
  it('verifies every bet, tells before from after the start, and recomputes the figures', () => {
    const result = verifyProfile(fresh(), KEY);
    expect(result.ok, JSON.stringify(result.bets)).to.equal(true);
    expect(result.bets.map((b) => [b.verified, b.beforeStart])).to.deep.equal([
      [true, true],
      [true, false],
      [true, null],
    ]);
    expect(result.figures.all).to.include({ bets: 3, wins: 2, losses: 1, staked: 50, profit: 15, winRate: 66.67, roi: 30, units: 1.5 });
    expect(result.figures.beforeStart).to.include({ bets: 1, wins: 1, profit: 15 });
  });

  it('shows units alone without the stake, and still verifies', () => {
    const result = verifyProfile(profileOf(picks, times, ['win', 'loss', 'win'], false), KEY);
    expect(result.ok).to.equal(true);
    expect(result.figures.all).to.include({ profit: null, staked: null, units: 1.5 });
  });

  it('names the bet whose shown field was altered', () => {
    const doc = fresh();
    const fields = doc.bets[1].commitments[0].fields;
    if (fields.kind === 'bet') fields.odds = '+200';
    const failures = failuresOf(doc);
    expect(failures[0]).to.deep.equal([]);
    expect(failures[1].join()).to.match(/leaf 3: the fields shown are not the ones logged/);
    expect(verifyProfile(doc, KEY).ok).to.equal(false);
  });

  it('refuses a stake that is not the one committed, and a commitment of another pick', () => {
    const doc = fresh();
    doc.bets[0].commitments[0].stake!.amount = 100;
    doc.bets[2].id = id(1);
    const failures = failuresOf(doc);
    expect(failures[0].join()).to.match(/the stake shown is not the stake committed/);
    expect(failures[2].join()).to.match(/it commits to another pick/);
  });

  it('refuses a flipped byte, a wrong index, a truncated proof and a forged first checkpoint', () => {
    const tamper = (change: (doc: ProfileDocument) => void) => {
      const doc = fresh();
      change(doc);
      return failuresOf(doc)[1].join();
    };
    const flip = (h: string) => (h[0] === '0' ? '1' : '0') + h.slice(1);
    expect(tamper((d) => (d.bets[1].commitments[0].inclusion[0] = flip(d.bets[1].commitments[0].inclusion[0])))).to.match(/inclusion/);
    expect(tamper((d) => (d.bets[1].commitments[0].index = 2))).to.match(/inclusion/);
    expect(tamper((d) => d.bets[1].commitments[0].inclusion.pop())).to.match(/inclusion/);
    expect(tamper((d) => d.bets[1].commitments[0].consistency.pop())).to.match(/consistency/);
    expect(tamper((d) => (d.bets[1].commitments[0].consistency[0] = flip(d.bets[1].commitments[0].consistency[0])))).to.match(
      /consistency/,
    );
    expect(tamper((d) => (d.bets[1].commitments[0].firstCheckpoint = d.bets[0].commitments[0].firstCheckpoint))).to.match(
      /does not hold it/,
    );
    expect(
      tamper((d) => (d.bets[1].commitments[0].firstCheckpoint = d.bets[1].commitments[0].firstCheckpoint.replace('11:00', '08:00'))),
    ).to.match(/signature/);
  });

  it('verifies the compact form alike, and fails every bet whose proof uses a tampered shared node', () => {
    const doc = fresh();
    const compact = compactProfile(doc);
    expect(JSON.stringify(compact).length).to.be.lessThan(JSON.stringify(doc).length);
    expect(verifyProfile(compact, KEY)).to.deep.equal(verifyProfile(doc, KEY));
    const shared = compact.bets[0].commitments[0].inclusion[compact.bets[0].commitments[0].inclusion.length - 1];
    compact.nodes[shared] = compact.nodes[shared].replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const failing = verifyProfile(compact, KEY).bets.filter((b) => !b.verified);
    expect(failing.length).to.be.greaterThan(0);
    expect(failing[0].failures.join()).to.match(/inclusion|consistency/);
    compact.bets[1].commitments[0].firstCheckpoint = 99;
    expect(verifyProfile(compact, KEY).failure).to.match(/malformed at bets.1.commitments.0.firstCheckpoint: no entry 99/);
    const beyond = compactProfile(fresh());
    beyond.bets[2].commitments[0].consistency.push(beyond.nodes.length);
    expect(verifyProfile(beyond, KEY).failure).to.match(/malformed at bets.2.commitments.0.consistency: no entry/);
    const notHex = compactProfile(fresh());
    notHex.nodes[0] = notHex.nodes[0].toUpperCase().replace(/[0-9]/g, 'A');
    expect(verifyProfile(notHex, KEY).failure).to.match(/malformed at nodes.0/);
  });

  it('verifies nothing under another key or a malformed document', () => {
    const other = verifierKey(ORIGIN, ed.getPublicKey(ed.utils.randomSecretKey()));
    const result = verifyProfile(fresh(), other);
    expect(result.ok).to.equal(false);
    expect(result.failure).to.match(/the latest checkpoint: the note is not signed/);
    expect(result.bets.every((b) => !b.verified)).to.equal(true);
    expect(verifyProfile({ origin: ORIGIN, bets: [] }, KEY).failure).to.match(/malformed at checkpoint/);
  });
});
