import type { Kysely } from 'kysely';
import { committedFields, MerkleLog, proveProfile, toHex, useWasmSha256, type LoggedCommitment, type ProvenProfile } from '@bt/contracts';
import { ValidationError } from '@bt/platform';
import { logTables } from './log-db';

/** How many users' logged leaves are kept (each is a profile's worth of rows). */
const LEAVES_KEPT = 16;

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
  // One read at a time. The callers that arrive while one runs share the next, which starts after
  // it: each sees what was signed before it asked, and a crowd costs two reads, not one each.
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const refresh = (): Promise<void> => {
    if (running)
      return (next ??= running
        .catch(() => undefined)
        .then(() => {
          next = undefined;
          return refresh();
        }));
    running = readOn().finally(() => {
      running = undefined;
    });
    return running;
  };
  const readOn = async () => {
    await useWasmSha256(); // the tree's node hashes
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
  };

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

  /**
   * A user's signed leaves by pick, oldest first; kept until the latest checkpoint moves on. All of
   * them are read again then, not only the new ones: what is served is what Postgres holds now, so a
   * row altered in place fails in the visitor's browser (web/e2e/public-verification.test.ts).
   */
  const kept = new Map<string, { size: number; byPick: Map<string, LoggedCommitment[]> }>();
  const leavesOf = async (userId: string, size: number) => {
    const known = kept.get(userId);
    if (known && known.size === size) return known.byPick;
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
    const byPick = new Map<string, LoggedCommitment[]>();
    for (const row of rows) {
      const leaf = {
        index: Number(row.index),
        commitmentSalt: row.commitment_salt,
        fields: committedFields.parse(row.fields),
        stake: Number(row.stake),
      };
      const list = byPick.get(row.pick_id);
      if (list) list.push(leaf);
      else byPick.set(row.pick_id, [leaf]);
    }
    kept.delete(userId);
    kept.set(userId, { size, byPick });
    if (kept.size > LEAVES_KEPT) kept.delete(kept.keys().next().value as string);
    return byPick;
  };

  return {
    /**
     * The proof part of a profile document (contracts' proveProfile) for these picks of the user, in
     * this order: each signed leaf with the checkpoint it names, and one multiproof of them all
     * against the latest checkpoint. Another user's picks have no leaves; leaves not yet under a
     * signed checkpoint are left out. The stake and its salt go out only when the page shows money.
     */
    async proveProfile(userId: string, pickIds: readonly string[], options: { showMoney: boolean }): Promise<ProvenProfile> {
      const size = await latestSize();
      const byPick = await leavesOf(userId, size);
      const picks = pickIds.map((id) => ({ id, leaves: byPick.get(id) ?? [] }));
      const signed = heads.filter((head) => head.size <= size).map((head) => ({ size: head.size, time: head.signedAt.getTime() }));
      return proveProfile(picks, log, signed, noteOf, options.showMoney);
    },

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
  };
};
export type LogReader = ReturnType<typeof createLogReader>;
