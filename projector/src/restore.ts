import { sql, type Kysely } from 'kysely';
import { createDb } from '@bt/platform';
import { comparePositions, formatPosition, parsePosition, type EventStore, type Position } from '@bt/event-store';
import {
  admitImports,
  type Database,
  emptyChanges,
  newUserState,
  partitionOf,
  type ProjectionFailureRow,
  READ_SCHEMA,
  readPartitionCheckpoint,
  userOf,
} from '@bt/read-models';
import { lockReadModels, notifyFailures, PROJECTED_TABLES, writeChanges } from './db/writer';
import { failureUserId, isProjectableUser, ProjectionEngine } from './engine/projection-engine';

/**
 * Replaces every row `userId` has in `schema` (but their `user_streams`) with the fold of their events before `bound` (up to
 * and including it when `inclusive`), read from their streams (`user_streams`, which lists every
 * stream of theirs, set aside or not). Nothing is written when the fold fails: the failure is
 * returned instead. The caller holds the transaction (and the read-models lock for `read`).
 */
async function replaceUserRows(
  trx: Kysely<Database>,
  store: EventStore,
  schema: string,
  userId: string,
  bound: Position,
  inclusive: boolean,
): Promise<ProjectionFailureRow | undefined> {
  const s = trx.withSchema(schema);
  const streamIds = (await s.selectFrom('user_streams').select('stream_id').where('user_id', '=', userId).execute()).map(
    (r) => r.stream_id,
  );
  const events = (await store.readStreams(streamIds)).filter((e) => {
    if (userOf(e) !== userId) return false;
    const order = comparePositions(e.position, bound);
    return inclusive ? order <= 0 : order < 0;
  });
  // Through the import rule, as a release folds them: an import still open at the bound holds the user.
  const { admitted, waitingFor } = admitImports(events);
  const engine = new ProjectionEngine(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, false);
  await engine.apply(admitted, async (ids) => new Map(ids.map((id) => [id, newUserState(id)])));
  const changes = engine.takeChanges();
  const failure = changes.projection_failures.upserts[0];
  if (failure) return failure;
  // user_streams keeps every row: it is what lists the streams, those after the bound included.
  for (const table of PROJECTED_TABLES) {
    if (table === 'projection_failures' || table === 'user_streams') continue;
    await sql`delete from ${sql.id(schema, table)} where ${sql.id(table === 'users' ? 'id' : 'user_id')} = ${userId}`.execute(trx);
  }
  const streams = changes.user_streams;
  await writeChanges(trx, schema, {
    ...changes,
    user_streams: { inserts: [], upserts: [...streams.inserts, ...streams.upserts], deletes: [] },
  });
  const holds = trx.withSchema(schema);
  await holds.deleteFrom('import_holds').where('user_id', '=', userId).execute();
  if (waitingFor !== undefined) {
    const resumeAfter = formatPosition(admitted.at(-1)!.position);
    await holds
      .insertInto('import_holds')
      .values({ user_id: userId, import_id: waitingFor, open: true, resume_after: resumeAfter, started_before: waitingFor })
      .execute();
  }
  return undefined;
}

/** How far back restoring a set-aside user looks for the first event that fails. */
const MAX_STEPS_BACK = 10;

/**
 * After a user is set aside at `failure`, makes their rows the fold of every event of theirs before
 * it, so what they see does not depend on how events were batched (live) or flushed (rebuild).
 * Where the fold before it fails too (a row that cannot be stored is found at the end of a batch,
 * its cause may be earlier), the failure row is moved to that earlier event and it tries again
 * before that one. Their rows stay as they are if no clean prefix is found in a few steps.
 */
export async function restoreBeforeFailure(
  trx: Kysely<Database>,
  store: EventStore,
  schema: string,
  failure: ProjectionFailureRow,
): Promise<void> {
  if (!isProjectableUser(failure.user_id)) return;
  let at = failure;
  for (let step = 0; step < MAX_STEPS_BACK; step++) {
    const bound = parsePosition(at.position);
    if (!bound) return;
    const earlier = await replaceUserRows(trx, store, schema, failure.user_id, bound, false);
    if (!earlier) break;
    const moved = parsePosition(earlier.position);
    if (!moved || comparePositions(moved, bound) >= 0) return;
    at = earlier;
  }
  if (at !== failure) {
    await trx
      .withSchema(schema)
      .updateTable('projection_failures')
      .set({ ...at, failed_at: failure.failed_at })
      .where('user_id', '=', failure.user_id)
      .execute();
  }
}

export interface RetryOptions {
  store: EventStore;
  databaseUrl: string;
  /** Only these users (default: every user set aside). */
  userIds?: readonly string[];
  log?: (line: string) => void;
  /** PROJECTOR_PARTITIONS (default 1): each user is folded up to the checkpoint of the partition that owns them. */
  partitions?: number;
}

export interface RetryResult {
  /**
   * Users whose read models were rebuilt from their events and who are projected again; and user
   * ids that are not UUIDs (which own no rows) whose entry was dropped as no event names them any more.
   */
  restored: string[];
  /** Users whose events still fail (their projection_failures row says why, as of now). */
  stillFailing: string[];
}

/**
 * Brings users the projector set aside back, after the cause was fixed (`npm run
 * projections:retry`), without a full rebuild. For each one, under the lock every live batch
 * takes: fold all their events up to the read models' checkpoint afresh (the projector's own engine
 * and checks); if that works now, their rows are replaced with the result and their failure row is
 * dropped in the same transaction, and the live projector follows on from their next event. If it
 * still fails, they stay aside and keep the rows they had.
 */
export async function retrySetAsideUsers(options: RetryOptions): Promise<RetryResult> {
  const log = options.log ?? (() => undefined);
  const { db } = createDb<Database>(options.databaseUrl, 2);
  const result: RetryResult = { restored: [], stillFailing: [] };
  try {
    const read = db.withSchema(READ_SCHEMA);
    const userIds =
      options.userIds ??
      (await read.selectFrom('projection_failures').select('user_id').orderBy('user_id').execute()).map((r) => r.user_id);
    for (const userId of userIds) {
      const projectable = isProjectableUser(userId);
      const restored = await db
        .transaction()
        .execute((trx) =>
          projectable ? retryUser(trx, options.store, userId, options.partitions ?? 1) : retryUnprojectableUser(trx, options.store, userId),
        );
      (restored ? result.restored : result.stillFailing).push(userId);
      const done = projectable ? 'is projected again' : 'is no longer set aside: no event names it any more';
      log(`retry: user ${userId} ${restored ? done : 'still fails; it stays set aside'}`);
    }
    return result;
  } finally {
    await db.destroy();
  }
}

async function retryUser(trx: Kysely<Database>, store: EventStore, userId: string, partitions: number): Promise<boolean> {
  await lockReadModels(trx);
  const checkpoint = await readPartitionCheckpoint(trx, READ_SCHEMA, { index: partitionOf(userId, partitions), count: partitions });
  const upTo = checkpoint === undefined ? undefined : parsePosition(checkpoint);
  if (!upTo) return false;
  const failure = await replaceUserRows(trx, store, READ_SCHEMA, userId, upTo, true);
  if (failure) {
    await writeChanges(trx, READ_SCHEMA, { ...emptyChanges(), projection_failures: { inserts: [], upserts: [failure], deletes: [] } });
    return false;
  }
  await trx.withSchema(READ_SCHEMA).deleteFrom('projection_failures').where('user_id', '=', userId).execute();
  await notifyFailures(trx);
  return true;
}

/**
 * A user id that is not a UUID owns no rows (the read models' user_id columns are uuid), so there
 * is nothing to fold: its entry is dropped once no event of the stream it names names that id any
 * more (the event deleted from the log, or its userId corrected). Only that stream is read: the
 * projector notes no streams for such an id (user_streams holds uuids), and a scan of the whole log
 * would hold the lock every live batch takes. Another event of the log naming the same id sets it
 * aside again when the projector (a new event) or a rebuild meets it.
 */
async function retryUnprojectableUser(trx: Kysely<Database>, store: EventStore, userId: string): Promise<boolean> {
  await lockReadModels(trx);
  const read = trx.withSchema(READ_SCHEMA);
  const failure = await read.selectFrom('projection_failures').select('stream_id').where('user_id', '=', userId).executeTakeFirst();
  if (!failure) return true;
  const named = (await store.readStream(failure.stream_id)).some((event) => {
    const id = userOf(event);
    return id !== undefined && failureUserId(id) === userId;
  });
  if (named) return false;
  await read.deleteFrom('projection_failures').where('user_id', '=', userId).execute();
  await notifyFailures(trx);
  return true;
}
