import type { Kysely } from 'kysely';
import { Mutex } from 'async-mutex';
import {
  compactCommitmentOf,
  committedFields,
  firstCheckpointOf,
  Interner,
  MerkleLog,
  proveCommitment,
  toHex,
  type CompactCommitment,
  type ProvenCommitment,
  type SignedCheckpoint,
} from '@bt/contracts';
import { ValidationError } from '@bt/platform';
import { logTables } from './log-db';

/** A bet or parlay of a user, with the start the page judges it by (from its row). */
export interface PickToProve {
  id: string;
  startsAt?: string | null;
}

/** A pick's leaves with their proofs against the latest checkpoint, and whether it was logged before its start. */
export interface ProvenPick {
  id: string;
  commitments: ProvenCommitment[];
  /** The latest leaf was in a checkpoint signed before `startsAt` (null: no start, or no signed leaf). */
  beforeStart: boolean | null;
}

/** Every signed leaf of a user, proven against the latest checkpoint, in the compact form (contracts' compact.ts). */
export interface ProvenLeaves {
  /** The latest checkpoint's tree size (0: none signed yet) and note. */
  size: number;
  checkpoint: string | undefined;
  nodes: string[];
  checkpoints: string[];
  /** Each pick's leaves, oldest first. */
  byPick: Map<string, CompactCommitment[]>;
}

/** How many users' proven leaves are kept (each is a profile's worth of proofs). */
const PROVEN_KEPT = 16;

interface CheckpointHead {
  size: number;
  signedAt: Date;
}

/**
 * Reads the transparency log for the API: the leaves' hashes kept in memory as a MerkleLog (read
 * on from the last index when the log has grown), the signed checkpoints' sizes and times likewise;
 * notes and a user's leaves are read when asked for.
 */
export const createLogReader = <DB>(database: Kysely<DB>) => {
  const db = logTables(database);
  const log = new MerkleLog();
  const heads: CheckpointHead[] = [];
  const mutex = new Mutex();

  const refresh = () =>
    mutex.runExclusive(async () => {
      const after = heads.length === 0 ? -1 : heads[heads.length - 1].size;
      const newHeads = await db
        .selectFrom('checkpoints')
        .select(['size', 'signed_at'])
        .where('size', '>', String(after))
        .orderBy('size')
        .execute();
      for (const head of newHeads) heads.push({ size: Number(head.size), signedAt: head.signed_at });
      const signed = heads.length === 0 ? 0 : heads[heads.length - 1].size;
      if (log.size >= signed) return;
      const rows = await db
        .selectFrom('leaves')
        .select(['index', 'hash'])
        .where('index', '>=', String(log.size))
        .where('index', '<', String(signed))
        .orderBy('index')
        .execute();
      for (const row of rows) log.append(row.hash);
    });

  const latestSize = async () => {
    await refresh();
    return heads.length === 0 ? 0 : heads[heads.length - 1].size;
  };
  const noteOf = async (size: number) =>
    (await db.selectFrom('checkpoints').select('note').where('size', '=', String(size)).executeTakeFirstOrThrow()).note;

  const signedSize = async (size: number, name: string) => {
    const latest = await latestSize();
    if (!Number.isSafeInteger(size) || size < 1 || size > latest)
      throw new ValidationError(`${name} must be a signed tree size, 1 to ${latest}`);
    return size;
  };

  const proven = new Map<string, ProvenLeaves>();
  const proveLeaves = async (userId: string, showMoney: boolean): Promise<ProvenLeaves> => {
    const size = await latestSize();
    const cacheKey = `${userId} ${showMoney}`;
    const kept = proven.get(cacheKey);
    if (kept && kept.size === size) return kept;
    const rows =
      size === 0
        ? []
        : await db
            .selectFrom('leaves')
            .select(['index', 'pick_id', 'commitment_salt', 'fields', 'stake'])
            .where('user_id', '=', userId)
            .where('index', '<', String(size))
            .orderBy('index')
            .execute();
    const notes = new Map<number, SignedCheckpoint>();
    const latest = { size, note: size === 0 ? '' : await noteOf(size) };
    const nodes = new Interner<string>();
    const checkpoints = new Interner<string>();
    const byPick = new Map<string, CompactCommitment[]>();
    for (const row of rows) {
      const index = Number(row.index);
      const head = firstCheckpointOf(index, heads) as CheckpointHead; // every row is below the latest size
      let first = notes.get(head.size);
      if (!first) notes.set(head.size, (first = { size: head.size, note: await noteOf(head.size) }));
      const leaf = { index, commitmentSalt: row.commitment_salt, fields: committedFields.parse(row.fields), stake: Number(row.stake) };
      const commitment = proveCommitment(leaf, log, [first, latest], showMoney);
      if (!commitment) continue;
      const list = byPick.get(row.pick_id) ?? [];
      list.push(compactCommitmentOf(commitment, nodes, checkpoints));
      byPick.set(row.pick_id, list);
    }
    const answer = { size, checkpoint: size === 0 ? undefined : latest.note, nodes: nodes.values, checkpoints: checkpoints.values, byPick };
    proven.delete(cacheKey);
    proven.set(cacheKey, answer);
    if (proven.size > PROVEN_KEPT) proven.delete(proven.keys().next().value as string);
    return answer;
  };

  return {
    /**
     * Every signed leaf of the user with its proofs against the latest checkpoint, each hash and
     * first checkpoint listed once; kept per user until the log's latest checkpoint moves on (a
     * leaf below a signed size never changes). The stake and its salt go out only when the page
     * shows money; the caller keeps only the leaves of the picks it shows.
     */
    proveLeaves,

    /** The latest signed checkpoint's tree size (0 before the first). */
    latestSize,

    /** The latest signed checkpoint's note; undefined before the first. */
    async latestCheckpoint(): Promise<string | undefined> {
      const size = await latestSize();
      return size === 0 ? undefined : noteOf(size);
    },

    async inclusion(index: number, size: number) {
      await signedSize(size, 'size');
      if (!Number.isSafeInteger(index) || index < 0 || index >= size)
        throw new ValidationError(`index must be a leaf of the tree, 0 to ${size - 1}`);
      const leaf = await db.selectFrom('leaves').select('hash').where('index', '=', String(index)).executeTakeFirstOrThrow();
      return { index, size, leaf: toHex(leaf.hash), proof: log.inclusionProof(index, size).map(toHex) };
    },

    async consistency(from: number, to: number) {
      await signedSize(to, 'to');
      if (!Number.isSafeInteger(from) || from < 1 || from > to) throw new ValidationError(`from must be a tree size, 1 to ${to}`);
      return { from, to, proof: log.consistencyProof(from, to).map(toHex) };
    },

    /**
     * For each of the user's picks: every leaf (oldest first) with its salt, its fields, an
     * inclusion proof against the latest checkpoint, and the first checkpoint that held it with a
     * consistency proof to the latest; leaves not yet in a signed checkpoint are left out. The
     * stake and its salt go out only when the page shows money. Another user's picks have none.
     */
    async provePicks(userId: string, picks: readonly PickToProve[], options: { showMoney: boolean }): Promise<ProvenPick[]> {
      const size = await latestSize();
      const ids = picks.map((pick) => pick.id);
      const rows =
        size === 0 || ids.length === 0
          ? []
          : await db
              .selectFrom('leaves')
              .select(['index', 'pick_id', 'commitment_salt', 'fields', 'stake'])
              .where('user_id', '=', userId)
              .where('pick_id', 'in', ids)
              .where('index', '<', String(size))
              .orderBy('index')
              .execute();
      const firsts = new Map<number, SignedCheckpoint>();
      const latest = { size, note: size === 0 ? '' : await noteOf(size) };
      for (const row of rows) {
        const first = firstCheckpointOf(Number(row.index), heads);
        if (first && !firsts.has(first.size)) firsts.set(first.size, { size: first.size, note: await noteOf(first.size) });
      }
      const byPick = new Map<string, ProvenCommitment[]>();
      const loggedAt = new Map<string, Date>();
      for (const row of rows) {
        const index = Number(row.index);
        const head = firstCheckpointOf(index, heads) as CheckpointHead; // every row is below the latest size
        const leaf = { index, commitmentSalt: row.commitment_salt, fields: committedFields.parse(row.fields), stake: Number(row.stake) };
        const proven = proveCommitment(leaf, log, [firsts.get(head.size) as SignedCheckpoint, latest], options.showMoney);
        if (!proven) continue;
        byPick.set(row.pick_id, [...(byPick.get(row.pick_id) ?? []), proven]);
        loggedAt.set(row.pick_id, head.signedAt);
      }
      return picks.map((pick) => {
        const at = loggedAt.get(pick.id);
        const beforeStart = at && pick.startsAt ? at.getTime() < Date.parse(pick.startsAt) : null;
        return { id: pick.id, commitments: byPick.get(pick.id) ?? [], beforeStart };
      });
    },
  };
};
export type LogReader = ReturnType<typeof createLogReader>;
