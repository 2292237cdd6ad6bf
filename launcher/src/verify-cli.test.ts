import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import * as ed from '@noble/ed25519';
import {
  checkpointText,
  commitmentFields,
  compactProfile,
  commitmentLeafHash,
  leafSaltOf,
  MerkleLog,
  proveCommitment,
  signNote,
  toHex,
  verifierKey,
  type ProfileDocument,
} from '@bt/contracts';

const ROOT = resolve(import.meta.dirname, '../..');
const ORIGIN = 'bet-tracker.test/log';
const secret = ed.utils.randomSecretKey();
const KEY = verifierKey(ORIGIN, ed.getPublicKey(secret));

const verify = (file: string) =>
  new Promise<{ status: number | null; stdout: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'launcher/src/verify-cli.ts', file, '--key', KEY],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      (error, stdout) => done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout }),
    );
  });

/** A profile of one bet, logged at 09:00 for a game at 20:00. */
const profile = (): ProfileDocument => {
  const betId = '00000000-0000-4000-8000-000000000001';
  const pick = {
    kind: 'bet' as const,
    data: {
      userId: betId,
      betId,
      sport: 'hockey' as const,
      event: 'A at B',
      betType: 'moneyline' as const,
      odds: '+120',
      stake: 10,
      notes: null,
      date: '2026-11-20',
      startsAt: '2026-11-20T20:00:00Z',
    },
  };
  const salt = toHex(new Uint8Array(32).fill(7));
  const fields = commitmentFields(pick, salt);
  const log = new MerkleLog();
  log.append(commitmentLeafHash(fields, leafSaltOf(salt)));
  const note = signNote(checkpointText({ origin: ORIGIN, size: 1, root: log.root(), time: '2026-11-20T09:00:00Z' }), ORIGIN, secret);
  const commitment = proveCommitment({ index: 0, commitmentSalt: salt, fields, stake: 10 }, log, [{ size: 1, note }], true)!;
  return {
    origin: ORIGIN,
    checkpoint: note,
    bets: [
      {
        id: betId,
        outcome: 'win',
        legOutcomes: null,
        cashOutAmount: null,
        cashOutUnits: null,
        commitments: [commitment],
        unproven: null,
        imported: false,
      },
    ],
  };
};

describe('npm run verify', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'bt-verify-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 on a profile that verifies and 1 naming the bet whose shown field was altered', async () => {
    const good = join(dir, 'good.json');
    const altered = profile();
    const fields = altered.bets[0].commitments[0].fields;
    if (fields.kind === 'bet') fields.odds = '+300';
    writeFileSync(good, JSON.stringify(profile()));
    writeFileSync(join(dir, 'altered.json'), JSON.stringify(altered));
    const [ok, bad] = await Promise.all([verify(good), verify(join(dir, 'altered.json'))]);
    expect(ok.status, ok.stdout).to.equal(0);
    expect(ok.stdout).to.include('1 of 1 bets verified, 1 logged before the start');
    expect(bad.status).to.equal(1);
    expect(bad.stdout).to.match(/00000000-0000-4000-8000-000000000001: FAILED\n {2}leaf 0: the fields shown are not the ones logged/);
  });

  it('takes the compact document the public API serves, and fails it on the same tampering', async () => {
    const compact = join(dir, 'compact.json');
    const tampered = compactProfile(profile());
    const fields = tampered.bets[0].commitments[0].fields;
    if (fields.kind === 'bet') fields.odds = '+300';
    writeFileSync(compact, JSON.stringify(compactProfile(profile())));
    writeFileSync(join(dir, 'compact-altered.json'), JSON.stringify(tampered));
    const [ok, bad] = await Promise.all([verify(compact), verify(join(dir, 'compact-altered.json'))]);
    expect(ok.status, ok.stdout).to.equal(0);
    expect(ok.stdout).to.include('1 of 1 bets verified, 1 logged before the start');
    expect(bad.status).to.equal(1);
    expect(bad.stdout).to.match(/00000000-0000-4000-8000-000000000001: FAILED\n {2}leaf 0: the fields shown are not the ones logged/);
  });
});
