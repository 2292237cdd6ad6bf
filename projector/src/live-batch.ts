import { sql, type Kysely } from 'kysely';
import { formatPosition, type EventStore, type RecordedEvent } from '@bt/event-store';
import {
  checkpointName,
  type Database,
  eraseUsers,
  mergeChanges,
  ownedEvents,
  type Partition,
  positionPayload,
  type ProjectionFailureRow,
  type Snapshots,
  writeSnapshots,
} from '@bt/read-models';
import { loadUserStates } from './db/load-users';
import { beginLiveBatch, commitLiveBatch, notifyFailures, writeChanges, writeUsers } from './db/writer';
import type { ProjectionEngine } from './engine/projection-engine';
import { writeHoldChanges } from './imports/holds';
import { restoreBeforeFailure } from './restore';
import type { PartitionLease } from './partitions/lease';

/** The read models were replaced under us (a rebuild swapped its schema in): start again from their checkpoint. */
export class ReadModelsReplaced extends Error {}

/** What the live projector writes its batches with: its connections and partition, and the states it holds. */
export interface LiveBatchTarget {
  db: Kysely<Database>;
  store: EventStore;
  schema: string;
  partition: Partition;
  lease: PartitionLease;
  /** The partition's batch lock statement (partitions/lease.ts). */
  batchLock: string;
  engine: ProjectionEngine;
  snapshots: Snapshots;
  /** Where set-aside users are told. */
  log: (line: string) => void;
}

/** The read models as the projector wrote them last, read once the batch holds its locks. */
export interface WrittenLast {
  readonly oid: string | null;
  readonly written: string | undefined;
}

/**
 * Writes one batch and the checkpoint in one transaction; a user whose rows Postgres refuses is
 * set aside. Throws ReadModelsReplaced when the schema or checkpoint are not those of `last`.
 * Answers the checkpoint written, and whether import holds changed (a release may be due).
 */
export async function writeLiveBatch(
  target: LiveBatchTarget,
  batch: RecordedEvent[],
  last: WrittenLast,
): Promise<{ position: string; holdsChanged: boolean }> {
  const { db, schema, partition, lease, engine, snapshots } = target;
  let holdsChanged = false;
  const position = formatPosition(batch[batch.length - 1].position);
  // One connection, its transaction opened and ended by hand: BEGIN goes with the lock, and the
  // checkpoint, its notification and COMMIT go together (two round trips fewer than kysely's
  // transaction()). The checkpoint commits with the batch's rows, as ever.
  await db.connection().execute(async (trx) => {
    await beginLiveBatch(trx, target.batchLock);
    try {
      const opened = await lease.lockedCheckpoint(trx);
      if (opened.schemaOid !== last.oid || opened.position !== last.written) throw new ReadModelsReplaced();
      // Read each time: a retry (`projections:retry`) may have brought users back meanwhile.
      engine.setAsideUsers(opened.setAside);
      engine.heldUsers(opened.held);
      const owned = engine.erasures.screen(ownedEvents(partition, batch));
      await snapshots.load(trx, schema, owned);
      // Usually one pass. When the batch's users would not fit in the cache's row bound, the
      // engine folds what fits, its rows are written (in this transaction, so a user forgotten
      // and loaded again reads them), and the rest follows in another pass.
      for (let left = owned; left.length > 0;) {
        const folded = await engine.applySome(left, (ids) => loadUserStates(trx, schema, ids));
        snapshots.observe(left.slice(0, folded), (id) => engine.snapshotState(id));
        left = left.slice(folded);
        if (await writePass(trx, target)) holdsChanged = true;
      }
      // Last: deleted accounts lose every row, those this batch wrote for them included.
      const erased = engine.erasures.take();
      for (const userId of erased) snapshots.forget(userId);
      await eraseUsers(trx, schema, erased);
      if (erased.length > 0) holdsChanged = true;
      await commitLiveBatch(trx, schema, checkpointName(partition), position, positionPayload(partition, position));
    } catch (error) {
      await sql`rollback`.execute(trx).catch(() => undefined);
      throw error;
    }
  });
  return { position, holdsChanged };
}

/**
 * Writes what one pass folded: the users' rows (setting aside those whose rows Postgres refuses),
 * failures and set-aside streams, import holds and snapshots. True when import holds changed.
 */
async function writePass(trx: Kysely<Database>, target: LiveBatchTarget): Promise<boolean> {
  const { schema, engine, snapshots } = target;
  const { users, rest } = engine.takeChangesByUser();
  for (const refused of await writeUsers(trx, schema, users)) {
    engine.refuse(refused, refused.error);
    snapshots.forget(refused.userId);
  }
  const all = mergeChanges([rest, engine.takeFailures()]);
  await writeChanges(trx, schema, all);
  const holds = engine.takeHoldChanges();
  await writeHoldChanges(trx, schema, holds);
  await writeSnapshots(trx, schema, snapshots.take());
  await setAside(trx, target, all.projection_failures.upserts);
  return holds.length > 0;
}

/** Users set aside by this pass: their rows go back to before the failure, and LISTENers and the log are told. */
async function setAside(trx: Kysely<Database>, target: LiveBatchTarget, failures: readonly ProjectionFailureRow[]): Promise<void> {
  if (failures.length === 0) return;
  for (const f of failures) await restoreBeforeFailure(trx, target.store, target.schema, f);
  await notifyFailures(trx);
  for (const f of failures) {
    target.log(
      `projector: user ${f.user_id} set aside at ${f.stream_id}@${f.revision} (${f.event_type}, position ${f.position}): ${f.error}`,
    );
  }
}
