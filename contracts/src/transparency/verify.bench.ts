/**
 * Times `verifyProfile` on a profile of BENCH_PROFILE_BETS bets (default 10,000) in the compact form
 * the API serves, each bet's leaf among others' and checkpoints signed every BENCH_SIGN_EVERY leaves,
 * as the server builds it. Run: `npx tsx contracts/src/transparency/verify.bench.ts`.
 */
import * as ed from '@noble/ed25519';
import { checkpointText, signNote, verifierKey } from './checkpoint';
import { commitmentFields, commitmentLeafHash, leafSaltOf, toHex, type Pick } from './commitment';
import { compactProfile } from './compact';
import type { ProfileDocument } from './profile';
import { proveCommitment, type LoggedCommitment, type SignedCheckpoint } from './prove';
import { MerkleLog } from './tree';
import { verifyProfile } from './verify';

const BETS = Number(process.env.BENCH_PROFILE_BETS ?? 10_000);
const SIGN_EVERY = Number(process.env.BENCH_SIGN_EVERY ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ORIGIN = 'bet-tracker.bench/log';
const secret = ed.utils.randomSecretKey();
const KEY = verifierKey(ORIGIN, ed.getPublicKey(secret));
const salt = (n: number) => toHex(new Uint8Array(32).map((_, i) => (n * 31 + i * 7) & 255));
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const pick = (n: number): Pick =>
  ({
    kind: 'bet',
    data: {
      userId: id(0),
      betId: id(n),
      sport: 'hockey',
      event: `Game ${n}`,
      betType: 'moneyline',
      odds: n % 2 ? '+120' : '-110',
      stake: 10 + (n % 7),
      notes: null,
      date: '2026-11-20',
      unitSize: 10,
      startsAt: new Date(Date.parse('2026-11-20T12:00:00Z') + (n % 2 ? 1 : -1) * 86_400_000).toISOString(),
    },
  }) as Pick;

const build = (): ProfileDocument => {
  const log = new MerkleLog();
  const checkpoints: SignedCheckpoint[] = [];
  const leaves: LoggedCommitment[] = [];
  const sign = (n: number) => {
    const time = new Date(Date.parse('2026-11-20T00:00:00Z') + n * 1000).toISOString();
    checkpoints.push({
      size: log.size,
      note: signNote(checkpointText({ origin: ORIGIN, size: log.size, root: log.root(), time }), ORIGIN, secret),
    });
  };
  for (let i = 1; i <= BETS; i++) {
    // Another user's leaf between two of ours, as on a busy log.
    log.append(commitmentLeafHash(commitmentFields(pick(BETS + i), salt(BETS + i)), leafSaltOf(salt(BETS + i))));
    const fields = commitmentFields(pick(i), salt(i));
    leaves.push({ index: log.size, commitmentSalt: salt(i), fields, stake: pick(i).data.stake });
    log.append(commitmentLeafHash(fields, leafSaltOf(salt(i))));
    if (i % SIGN_EVERY === 0 || i === BETS) sign(i);
  }
  const latest = checkpoints[checkpoints.length - 1];
  return {
    origin: ORIGIN,
    checkpoint: latest.note,
    bets: leaves.map((leaf, i) => {
      const first = checkpoints.find((c) => c.size > leaf.index) as SignedCheckpoint;
      return {
        id: id(i + 1),
        outcome: i % 3 ? 'win' : 'loss',
        legOutcomes: null,
        cashOutAmount: null,
        cashOutUnits: null,
        commitments: [proveCommitment(leaf, log, [first, latest], true)!],
        unproven: null,
        imported: false,
      };
    }),
  };
};

const started = performance.now();
const text = JSON.stringify(compactProfile(build()));
if (process.env.BENCH_SAVE) (await import('node:fs')).writeFileSync(process.env.BENCH_SAVE, JSON.stringify({ text, key: KEY }));
console.log(`built ${BETS} bets in ${Math.round(performance.now() - started)} ms: ${Math.round(text.length / 1024)} KB`);
for (let round = 0; round < ROUNDS; round++) {
  const at = performance.now();
  const result = verifyProfile(JSON.parse(text), KEY);
  const took = performance.now() - at;
  if (!result.ok || result.bets.length !== BETS) throw new Error(`did not verify: ${result.failure ?? JSON.stringify(result.bets[0])}`);
  console.log(`verifyProfile (incl. JSON.parse): ${Math.round(took)} ms`);
}
