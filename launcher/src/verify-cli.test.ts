import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import * as ed from '@noble/ed25519';
import {
  checkpointText,
  commitmentFields,
  commitmentLeafHash,
  leafSaltOf,
  MerkleLog,
  proveProfile,
  signNote,
  toHex,
  verifierKeyOf,
  type ProfileDocument,
} from '@bt/contracts';

const ROOT = resolve(import.meta.dirname, '../..');
const ORIGIN = 'bet-tracker.test/log';
const secret = ed.utils.randomSecretKey();
const KEY = verifierKeyOf(ORIGIN, secret);

const verify = (file: string) =>
  new Promise<{ status: number | null; stdout: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'launcher/src/verify-cli.ts', file, '--key', KEY],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      (error, stdout) => done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout }),
    );
  });

const BET = '00000000-0000-4000-8000-000000000001';

/** A profile of one bet, logged at 09:00 for a game at 20:00, among another user's leaf. */
const profile = async (): Promise<ProfileDocument> => {
  const pick = (betId: string) => ({
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
  });
  const salt = toHex(new Uint8Array(32).fill(7));
  const fields = commitmentFields(pick(BET), salt);
  const log = new MerkleLog();
  log.append(commitmentLeafHash(commitmentFields(pick('00000000-0000-4000-8000-000000000002'), salt), leafSaltOf(salt)));
  log.append(commitmentLeafHash(fields, leafSaltOf(salt)));
  const note = signNote(checkpointText({ origin: ORIGIN, size: 2, root: log.root(), time: '2026-11-20T09:00:00Z' }), ORIGIN, secret);
  const leaves = [{ index: 1, commitmentSalt: salt, fields, stake: 10 }];
  const { commitments, ...proof } = await proveProfile(
    [{ id: BET, leaves }],
    log,
    [{ size: 2, time: Date.parse('2026-11-20T09:00:00Z') }],
    () => note,
    true,
  );
  return {
    origin: ORIGIN,
    ...proof,
    bets: [
      {
        id: BET,
        outcome: 'win',
        legOutcomes: null,
        cashOutAmount: null,
        cashOutUnits: null,
        commitments: commitments[0],
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
    const altered = await profile();
    const fields = altered.bets[0].commitments[0].fields;
    if (fields.kind === 'bet') fields.odds = '+300';
    writeFileSync(good, JSON.stringify(await profile()));
    writeFileSync(join(dir, 'altered.json'), JSON.stringify(altered));
    const [ok, bad] = await Promise.all([verify(good), verify(join(dir, 'altered.json'))]);
    expect(ok.status, ok.stdout).to.equal(0);
    expect(ok.stdout).to.include('1 of 1 bets verified, 1 logged before the start');
    expect(bad.status).to.equal(1);
    expect(bad.stdout).to.match(/00000000-0000-4000-8000-000000000001: FAILED\n {2}leaf 1: the fields shown are not the ones logged/);
  });

  it('exits 1 on a proof node altered, and on a malformed document with what is malformed', async () => {
    const forged = await profile();
    forged.nodes = btoa(String.fromCharCode(...Uint8Array.from(atob(forged.nodes), (c, i) => c.charCodeAt(0) ^ (i === 0 ? 1 : 0))));
    const malformed = { ...(await profile()), nodes: 'not base64!' };
    writeFileSync(join(dir, 'forged.json'), JSON.stringify(forged));
    writeFileSync(join(dir, 'malformed.json'), JSON.stringify(malformed));
    const [bad, worse] = await Promise.all([verify(join(dir, 'forged.json')), verify(join(dir, 'malformed.json'))]);
    expect(bad.status).to.equal(1);
    expect(bad.stdout).to.match(
      /FAILED\n {2}leaf 1: not proven in the latest checkpoint's tree \(inclusion: the proof leads to another root\)/,
    );
    expect(worse.status).to.equal(1);
    expect(worse.stdout).to.include('FAILED: the profile is malformed at nodes: base64 of 32-byte hashes is expected');
  });
});
