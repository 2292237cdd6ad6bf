import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import {
  checkpointText,
  commitmentFields,
  commitmentLeafHash,
  leafSaltOf,
  MerkleLog,
  signNote,
  toHex,
  verifierKeyOf,
  verifyProfile,
  type Pick,
  type ProvenProfile,
} from '@bt/contracts';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createDb } from '@bt/platform';
import { logTables, migrateTransparencyLog, type LogDatabase } from './log-db';
import { createLogReader } from './log-reader';

const ORIGIN = 'bet-tracker.test/log';
const secret = Uint8Array.from(randomBytes(32));
const KEY = verifierKeyOf(ORIGIN, secret);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const USER = id(1);
const OTHER = id(2);
const [A, B, C] = [id(10), id(11), id(12)];

const pick = (userId: string, betId: string, odds: string): Pick =>
  ({
    kind: 'bet',
    data: {
      userId,
      betId,
      sport: 'hockey',
      event: `Game ${betId.slice(-2)}`,
      betType: 'moneyline',
      odds,
      stake: 10,
      notes: null,
      date: '2026-11-20',
    },
  }) as Pick;

describe('the log reader’s proofs of a profile as the log grows', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let base: Kysely<LogDatabase>;
  let db: Kysely<LogDatabase>;
  const log = new MerkleLog();

  /** Appends these picks' leaves (a leaf each) and signs a checkpoint over the whole log. */
  const logAndSign = async (picks: Pick[]) => {
    for (const logged of picks) {
      const salt = toHex(Uint8Array.from(randomBytes(32)));
      const fields = commitmentFields(logged, salt);
      const hash = commitmentLeafHash(fields, leafSaltOf(salt));
      await db
        .insertInto('leaves')
        .values({
          index: String(log.size),
          hash,
          user_id: logged.data.userId,
          pick_id: logged.kind === 'bet' ? logged.data.betId : logged.data.parlayId,
          commitment_salt: salt,
          fields: JSON.stringify(fields),
          stake: String(logged.data.stake),
          event_id: id(100 + log.size),
          position_commit: String(log.size),
          position_prepare: String(log.size),
        })
        .execute();
      log.append(hash);
    }
    const time = new Date(Date.UTC(2026, 10, 20, 9, log.size)).toISOString();
    const note = signNote(checkpointText({ origin: ORIGIN, size: log.size, root: log.root(), time }), ORIGIN, secret);
    await db
      .insertInto('checkpoints')
      .values({ size: String(log.size), root: log.root(), signed_at: new Date(time), note })
      .execute();
  };

  /** The document of these bets (all won) and what verifying it answers. */
  const verified = async ({ commitments, ...proof }: ProvenProfile, ids: string[]) => {
    const bets = ids.map((betId, i) => ({
      id: betId,
      outcome: 'win' as const,
      legOutcomes: null,
      cashOutAmount: null,
      cashOutUnits: null,
      commitments: commitments[i],
      unproven: null,
      imported: false,
    }));
    return verifyProfile({ origin: ORIGIN, ...proof, bets }, KEY);
  };

  before(async () => {
    database = await createTestDatabase();
    ({ pool, db: base } = createDb<LogDatabase>(database.url, 4));
    await migrateTransparencyLog(base);
    db = logTables(base);
  });

  after(async () => {
    await pool.end();
    await database.drop();
  });

  it('proves a user’s leaves as the log grows, an amendment beside the first leaf, for requests at once', async () => {
    const reader = createLogReader(base);
    await logAndSign([pick(USER, A, '+120'), pick(OTHER, C, '+100')]);
    const first = await reader.proveProfile(USER, [A, B], { showMoney: true });
    expect(first.commitments.map((list) => list.map((c) => c.index))).to.deep.equal([[0], []]);
    expect((await verified(first, [A])).ok).to.equal(true);

    // A amended (its second leaf), another user's leaf, then B: one checkpoint over them all.
    await logAndSign([pick(USER, A, '+130'), pick(OTHER, C, '+110'), pick(USER, B, '-110')]);
    const both = await Promise.all([0, 1].map(() => reader.proveProfile(USER, [A, B], { showMoney: true })));
    for (const proven of both) {
      expect(proven.commitments.map((list) => list.map((c) => c.index))).to.deep.equal([[0, 2], [4]]);
      const result = await verified(proven, [A, B]);
      expect(result.ok, JSON.stringify(result.bets)).to.equal(true);
      expect(result.checkpoint?.size).to.equal(5);
    }
  });
});
