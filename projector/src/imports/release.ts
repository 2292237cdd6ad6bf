import type { Kysely } from 'kysely';
import { comparePositions, formatPosition, parsePosition, type EventStore, type Position, type RecordedEvent } from '@bt/event-store';
import { admitImports, type Database, emptyChanges, type RowChanges, userOf, type UserState } from '@bt/read-models';
import { loadUserStates } from '../db/load-users';
import { notifyFailures, writeChanges } from '../db/writer';
import { ProjectionEngine } from '../engine/projection-engine';
import { notifyHolds, releasable } from './holds';

/** How a release reaches the tables it writes: the live projector's, or a rebuild's shadow. */
export interface ReleaseTarget {
  db: Kysely<Database>;
  store: EventStore;
  schema: string;
  /**
   * Runs `work` in a transaction on one connection: `locked` false takes only what keeps the tables
   * in place (no swap meanwhile); true also what every live batch of the user's partition takes, so
   * no batch runs beside it. `position` is the partition's checkpoint as seen in that transaction.
   */
  transaction<T>(locked: boolean, work: (trx: Kysely<Database>, position: string | undefined) => Promise<T>): Promise<T>;
  /**
   * Told, in the locked transaction that ends a hold, the user's state as the release left it (the
   * live projector's engine takes it rather than load it again at the user's next event).
   */
  released?(userId: string, state: UserState): void;
}

/** Events a release folds between two turns of the event loop (a 50,000-row import's would block it for a second or more). */
const RELEASE_SLICE = 1_000;

/** A user's events the last step of a release may fold while live batches wait for it. */
const LOCKED_STEP_EVENTS = 2_000;

/** Events of the log a locked step reads at most (everyone's): its lock holds the live batches back while it reads. */
const LOCKED_STEP_SCAN = 5_000;

/**
 * Events of `userId` after `after`, up to and including `upTo`, in log order; undefined when the
 * log holds more than `maxScanned` events in between.
 */
async function userEventsBetween(
  store: EventStore,
  userId: string,
  after: Position,
  upTo: Position,
  maxScanned = Number.POSITIVE_INFINITY,
): Promise<RecordedEvent[] | undefined> {
  const events: RecordedEvent[] = [];
  if (comparePositions(after, upTo) >= 0) return events;
  let scanned = 0;
  for await (const page of store.readAllPages(after, Math.min(5_000, maxScanned + 1))) {
    for (const event of page) {
      if (comparePositions(event.position, upTo) > 0) return events;
      if (++scanned > maxScanned) return undefined;
      if (userOf(event) === userId) events.push(event);
    }
  }
  return events;
}

type Hold = Database['import_holds'];

interface Step {
  /** False: the user's events were too many for a locked step, nothing was written. */
  done: boolean;
  /** The hold ended: the user is projected live again (or set aside, when a fold failed). */
  released: boolean;
}

/**
 * Folds a held user's events from the hold's `resume_after` up to `upTo` through the import rule
 * (engine/import-gate.ts) onto their rows, in `trx`. The hold then resumes after what was folded,
 * or ends when everything is and no import is open. A fold that fails sets the user aside (as a
 * live batch would) and ends the hold.
 */
async function step(
  trx: Kysely<Database>,
  target: ReleaseTarget,
  engine: ProjectionEngine,
  hold: Hold,
  upTo: Position,
  locked: boolean,
): Promise<Step> {
  const after = parsePosition(hold.resume_after);
  if (!after) throw new Error(`import_holds: bad position ${hold.resume_after} for user ${hold.user_id}`);
  // Locked, only a short stretch of the log: a longer one goes back to a step beside the batches.
  const events = await userEventsBetween(target.store, hold.user_id, after, upTo, locked ? LOCKED_STEP_SCAN : undefined);
  if (events === undefined || (locked && events.length > LOCKED_STEP_EVENTS)) return { done: false, released: false };
  const { admitted, waitingFor } = admitImports(events, hold.started_before);
  // Folded in slices, with a turn of the thread's event loop between them (the live batches go on
  // meanwhile), and all written only then: a transaction holds back every reader of the Postgres
  // event store from its first write to its end (its xid is in their snapshots' xmin), so the
  // writes come together, after the fold. A fold that fails writes nothing of the user, as a live
  // batch writes nothing of a user it sets aside.
  const slices: RowChanges[] = [];
  let failure: RowChanges | undefined;
  for (let from = 0; from < admitted.length || from === 0; from += RELEASE_SLICE) {
    await engine.apply(admitted.slice(from, from + RELEASE_SLICE), (ids) => loadUserStates(trx, target.schema, ids));
    const changes = engine.takeChanges();
    if (changes.projection_failures.upserts.length > 0) {
      failure = changes;
      break;
    }
    // The held user's streams were noted as their events came (the live projector, or the rebuild).
    slices.push({ ...changes, user_streams: { inserts: [], upserts: [], deletes: [] } });
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!failure) for (const changes of slices) await writeChanges(trx, target.schema, changes);
  const holds = trx.withSchema(target.schema);
  if (failure) {
    await writeChanges(trx, target.schema, { ...emptyChanges(), projection_failures: failure.projection_failures });
    await holds.deleteFrom('import_holds').where('user_id', '=', hold.user_id).execute();
    await notifyFailures(trx);
    await notifyHolds(trx);
    return { done: true, released: true };
  }
  // Only under the batch lock: a batch could otherwise pass the checkpoint seen here, skipping the
  // user's events after it as held.
  if (locked && waitingFor === undefined && !hold.open) {
    await holds.deleteFrom('import_holds').where('user_id', '=', hold.user_id).execute();
    await notifyHolds(trx);
    const state = engine.stateOf(hold.user_id);
    if (state) target.released?.(hold.user_id, state);
    return { done: true, released: true };
  }
  const resumeAfter = waitingFor === undefined ? upTo : (admitted.at(-1)?.position ?? after);
  await holds
    .updateTable('import_holds')
    .set({ resume_after: formatPosition(resumeAfter), started_before: waitingFor ?? null })
    .where('user_id', '=', hold.user_id)
    .execute();
  return { done: true, released: false };
}

const readHold = (trx: Kysely<Database>, schema: string, userId: string, forUpdate: boolean) => {
  const query = trx.withSchema(schema).selectFrom('import_holds').selectAll().where('user_id', '=', userId);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
};

/**
 * Releases a user an import held, once every import of theirs has ended (DESIGN "Imports"): all of
 * the import's rows appear at once, in one transaction, or (abandoned) none do. The bulk of the
 * work runs beside the live batches, which skip a held user: a transaction that folds everything
 * up to the checkpoint of the moment and writes the user's rows. Only the last few events (those
 * that came meanwhile) are folded under the batch lock, where the hold ends. Returns true when the
 * hold ended.
 */
export async function releaseHold(target: ReleaseTarget, userId: string): Promise<boolean> {
  // One engine for every step: each folds on from the state the one before wrote (the hold's
  // resume_after), so the locked step, which the live batches wait for, loads nothing. A step that
  // throws leaves its transaction and this engine behind.
  const engine = new ProjectionEngine(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, false);
  for (;;) {
    const unlocked = await target.transaction(false, async (trx, position) => {
      const hold = await readHold(trx, target.schema, userId, false);
      const upTo = position === undefined ? undefined : parsePosition(position);
      if (!hold || !releasable(hold) || !upTo) return { done: false, released: !hold };
      return step(trx, target, engine, hold, upTo, false);
    });
    if (unlocked.released) return true;
    if (!unlocked.done) return false; // an import of theirs is open again (or nothing is projected yet)
    const locked = await target.transaction(true, async (trx, position) => {
      const hold = await readHold(trx, target.schema, userId, true);
      const upTo = position === undefined ? undefined : parsePosition(position);
      if (!hold || !upTo) return { done: true, released: !hold };
      return step(trx, target, engine, hold, upTo, true);
    });
    if (locked.released) return true;
    // Not done: too much came meanwhile, so once more beside the batches. Done but still held:
    // another import of theirs is open, and its end brings the next release.
    if (locked.done) return false;
  }
}
