import type { Kysely } from 'kysely';
import { comparePositions, formatPosition, parsePosition, type EventStore, type Position, type RecordedEvent } from '@bt/event-store';
import {
  admitImports,
  type Database,
  emptyChanges,
  lockUserRows,
  type RowChanges,
  type TableName,
  userOf,
  type UserState,
} from '@bt/read-models';
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
  /**
   * Resolves when the release may run its next slice of fold or writes outside the batch lock (the
   * live projector: once no live batch is being written, imports/live-first.ts). Default: the next
   * turn of the event loop.
   */
  turn?(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The changes as pieces of at most `rows` rows of one table and one kind, in the order writeChanges
 * writes a whole (every table's deletes, then inserts, then upserts; no table depends on another).
 */
function* piecesOf(changes: RowChanges, rows: number): Generator<RowChanges> {
  for (const kind of ['deletes', 'inserts', 'upserts'] as const) {
    for (const table of Object.keys(changes) as TableName[]) {
      const list: readonly unknown[] = changes[table][kind];
      for (let from = 0; from < list.length; from += rows) {
        const piece = emptyChanges();
        Object.assign(piece[table], { [kind]: list.slice(from, from + rows) });
        yield piece;
      }
    }
  }
}

/** How long a slice of a release's fold or writes runs before the next turn (ms). */
const SLICE_MS = 8;

/** Rows of one table a release writes in one statement (the writer builds each statement in one go on this thread). */
const WRITE_ROWS = 500;

/** A user's events the last step of a release may fold while live batches wait for it. */
const LOCKED_STEP_EVENTS = 2_000;

/**
 * Events of the log (everyone's) an unlocked step may have read for the locked step to follow it
 * at once: after a longer one, another unlocked step reads what came meanwhile (CATCH_UPS at most).
 * A locked step that found too much would have held every live batch back while it read 5,000.
 */
const SETTLED_SCAN = 1_000;
const CATCH_UPS = 4;

/** Events of the log a locked step reads at most (everyone's): its lock holds the live batches back while it reads. */
const LOCKED_STEP_SCAN = 5_000;

/**
 * Events of the log an unlocked step reads at a time, each page after a turn. Read in pages of
 * 5,000 at once, the 24,000 events after a 10,000-row file held every live batch back for a
 * quarter of a second as the release began (the `fairness` bench: its p99 was made of these).
 */
const UNLOCKED_READ_PAGE = 500;

/**
 * Events of `userId` after `after`, up to and including `upTo`, in log order, and how many events
 * of the log (everyone's) were read for them; undefined when the log holds more than `maxScanned`
 * events in between. With `turn`, in pages of UNLOCKED_READ_PAGE, each after a turn.
 */
async function userEventsBetween(
  store: EventStore,
  userId: string,
  after: Position,
  upTo: Position,
  read: { maxScanned: number } | { turn: () => Promise<void> },
): Promise<{ events: RecordedEvent[]; scanned: number } | undefined> {
  const events: RecordedEvent[] = [];
  const maxScanned = 'maxScanned' in read ? read.maxScanned : Number.POSITIVE_INFINITY;
  let scanned = 0;
  if (comparePositions(after, upTo) >= 0) return { events, scanned };
  const pageSize = 'turn' in read ? UNLOCKED_READ_PAGE : Math.min(5_000, maxScanned + 1);
  for await (const page of store.readAllPages(after, pageSize)) {
    if ('turn' in read) await read.turn();
    for (const event of page) {
      if (comparePositions(event.position, upTo) > 0) return { events, scanned };
      if (++scanned > maxScanned) return undefined;
      if (userOf(event) === userId) events.push(event);
    }
  }
  return { events, scanned };
}

type Hold = Database['import_holds'];

interface Step {
  /** False: the user's events were too many for a locked step, nothing was written. */
  done: boolean;
  /** The hold ended: the user is projected live again (or set aside, when a fold failed). */
  released: boolean;
  /**
   * Every import folded here has ended and none is open, so a locked step could end the hold;
   * otherwise it stays until the end of the import that is open brings the next release.
   */
  endable?: boolean;
  /** Events of the log (everyone's) the step read through. */
  scanned?: number;
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
  // Outside the batch lock, read, folded and written in slices, each after a turn (live batches
  // first); under it, at once: the batches wait for the lock (a turn that waited for them would
  // wait for itself). A fold that fails writes nothing of the user, as a live batch writes nothing
  // of a user it sets aside; the changes are taken once, at the end, so the analytics rows that
  // every slice changes are written once.
  const turn = locked ? nextTurn : (target.turn?.bind(target) ?? nextTurn);
  // Locked, only a short stretch of the log: a longer one goes back to a step beside the batches.
  const read = await userEventsBetween(target.store, hold.user_id, after, upTo, locked ? { maxScanned: LOCKED_STEP_SCAN } : { turn });
  if (read === undefined || (locked && read.events.length > LOCKED_STEP_EVENTS)) return { done: false, released: false };
  const { events, scanned } = read;
  const { admitted, waitingFor } = admitImports(events, hold.started_before);
  let size = 100;
  for (let from = 0; from < admitted.length && engine.setAsideCount === 0;) {
    if (from > 0) await turn();
    const started = performance.now();
    const slice = admitted.slice(from, from + size);
    await engine.apply(slice, (ids) => loadUserStates(trx, target.schema, ids, locked ? undefined : turn));
    from += slice.length;
    const took = performance.now() - started;
    size = Math.max(20, Math.min(5_000, Math.round((slice.length * SLICE_MS) / Math.max(took, 0.5))));
  }
  const changes = engine.takeChanges();
  const failure = changes.projection_failures.upserts.length > 0 ? changes : undefined;
  // The held user's streams were noted as their events came (the live projector, or the rebuild).
  if (!failure) {
    for (const piece of piecesOf({ ...changes, user_streams: { inserts: [], upserts: [], deletes: [] } }, WRITE_ROWS)) {
      await turn();
      await writeChanges(trx, target.schema, piece);
    }
  }
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
  const endable = waitingFor === undefined && !hold.open;
  const resumeAfter = waitingFor === undefined ? upTo : (admitted.at(-1)?.position ?? after);
  await holds
    .updateTable('import_holds')
    .set({ resume_after: formatPosition(resumeAfter), started_before: waitingFor ?? null })
    .where('user_id', '=', hold.user_id)
    .execute();
  return { done: true, released: false, endable, scanned };
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
  let catchUps = 0;
  for (;;) {
    // Each step holds the user's rows lock, taken before the hold is read: an AccountDeleted's erasure
    // either ends before it (no hold is left to release) or waits for it and deletes what it wrote.
    const unlocked = await target.transaction(false, async (trx, position) => {
      await lockUserRows(trx, userId);
      const hold = await readHold(trx, target.schema, userId, false);
      const upTo = position === undefined ? undefined : parsePosition(position);
      if (!hold || !releasable(hold) || !upTo) return { done: false, released: !hold };
      return step(trx, target, engine, hold, upTo, false);
    });
    if (unlocked.released) return true;
    if (!unlocked.done) return false; // an import of theirs is open again (or nothing is projected yet)
    // Another import of theirs is open: a locked step could not end the hold, only hold the batches back.
    if (!unlocked.endable) return false;
    // Much came while it ran: once more beside the batches first, so that the locked step reads little.
    if ((unlocked.scanned ?? 0) > SETTLED_SCAN && ++catchUps <= CATCH_UPS) continue;
    const locked = await target.transaction(true, async (trx, position) => {
      await lockUserRows(trx, userId);
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
