/**
 * Times `verifyProfile` on a profile of BENCH_PROFILE_BETS bets (default 10,000) in the form the API
 * serves (one multiproof), and reports its size; each bet's leaf among others' and checkpoints signed every BENCH_SIGN_EVERY leaves,
 * as the server builds it. Run: `npx tsx contracts/src/transparency/verify.bench.ts`.
 */
import * as ed from '@noble/ed25519';
import { sha256 } from '@noble/hashes/sha2.js';
import { checkpointText, signNote, verifierKeyOf } from './checkpoint';
import { commitmentFields, commitmentLeafHash, leafSaltOf, toHex, type Pick } from './commitment';
import type { ProfileDocument } from './profile';
import { proveProfile, type LoggedCommitment, type SignedHead } from './prove';
import { MerkleLog } from './tree';
import { verifyProfile } from './verify';

const BETS = Number(process.env.BENCH_PROFILE_BETS ?? 10_000);
const SIGN_EVERY = Number(process.env.BENCH_SIGN_EVERY ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ORIGIN = 'bet-tracker.bench/log';
const secret = ed.utils.randomSecretKey();
const KEY = verifierKeyOf(ORIGIN, secret);
// Random-looking, as the events' salts are: they do not compress.
const salt = (n: number) => toHex(sha256(new TextEncoder().encode(`salt ${n}`)));
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

const build = async (): Promise<ProfileDocument> => {
  const log = new MerkleLog();
  const heads: SignedHead[] = [];
  const notes = new Map<number, string>();
  const leaves: LoggedCommitment[] = [];
  const sign = (n: number) => {
    const time = Date.parse('2026-11-20T00:00:00Z') + n * 1000;
    const text = checkpointText({ origin: ORIGIN, size: log.size, root: log.root(), time: new Date(time).toISOString() });
    heads.push({ size: log.size, time });
    notes.set(log.size, signNote(text, ORIGIN, secret));
  };
  for (let i = 1; i <= BETS; i++) {
    // Another user's leaf between two of ours, as on a busy log.
    log.append(commitmentLeafHash(commitmentFields(pick(BETS + i), salt(BETS + i)), leafSaltOf(salt(BETS + i))));
    const fields = commitmentFields(pick(i), salt(i));
    leaves.push({ index: log.size, commitmentSalt: salt(i), fields, stake: pick(i).data.stake });
    log.append(commitmentLeafHash(fields, leafSaltOf(salt(i))));
    if (i % SIGN_EVERY === 0 || i === BETS) sign(i);
  }
  const picks = leaves.map((leaf, i) => ({ id: id(i + 1), leaves: [leaf] }));
  const { commitments, ...proof } = await proveProfile(picks, log, heads, (size) => notes.get(size) as string, true);
  return {
    origin: ORIGIN,
    ...proof,
    bets: picks.map((p, i) => ({
      id: p.id,
      outcome: i % 3 ? 'win' : 'loss',
      legOutcomes: null,
      cashOutAmount: null,
      cashOutUnits: null,
      commitments: commitments[i],
      unproven: null,
      imported: false,
    })),
  };
};

const started = performance.now();
const document = await build();
const built = performance.now() - started;
const text = JSON.stringify(document);
if (process.env.BENCH_SAVE) (await import('node:fs')).writeFileSync(process.env.BENCH_SAVE, JSON.stringify({ text, key: KEY }));
const gzipped = (await import('node:zlib')).gzipSync(text).length;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
console.log(
  `built ${BETS} bets in ${Math.round(built)} ms: ${kb(text.length)} (${kb(gzipped)} gzip), of which nodes ${kb(document.nodes.length)}, ` +
    `leaf hashes ${kb(document.leaves.length)}, ${document.checkpoints.length} checkpoints named`,
);
for (let round = 0; round < ROUNDS; round++) {
  const at = performance.now();
  const result = await verifyProfile(JSON.parse(text), KEY);
  const took = performance.now() - at;
  if (!result.ok || result.bets.length !== BETS) throw new Error(`did not verify: ${result.failure ?? JSON.stringify(result.bets[0])}`);
  console.log(`verifyProfile (incl. JSON.parse): ${Math.round(took)} ms`);
}
