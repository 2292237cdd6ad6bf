import { formatPosition, type RecordedEvent } from '@bt/event-store';
import {
  emptyChanges,
  importLifecycle,
  importOf,
  isSharedStream,
  projectEvent,
  type ProjectionFailureRow,
  type RowChanges,
  settleUser,
  type TableName,
  type TakenChanges,
  takeUserChanges,
  type UserChanges,
  userOf,
  type UserState,
} from '@bt/read-models';
import { unstorable, unstorableKey } from '../db/storable';
import { Erasures } from './erasures';
import { UserStateCache, type LoadUsers } from './user-cache';

/**
 * A change to `import_holds` found by the fold (written by custom statements, not the row writer:
 * the live projector and a hold's release each own some of its columns; see imports/holds.ts).
 */
export type HoldChange =
  { kind: 'start'; userId: string; importId: string; position: string } | { kind: 'end'; userId: string; importId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only a UUID can own read-model rows (their user_id columns are uuid). */
export const isProjectableUser = (userId: string): boolean => UUID.test(userId);
/** What a failure row must not carry for Postgres to take it: NUL and unpaired surrogates become U+FFFD. */
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const safe = (text: string, max = 2000): string => text.replace(UNSAFE, '\ufffd').slice(0, max);

/** The user id a failure row holds for `userId` (one Postgres takes). */
export const failureUserId = (userId: string): string => safe(userId, 200);

/** The failure row that sets `userId` aside, naming the event it failed on. */
export const failureRow = (userId: string, event: RecordedEvent, error: unknown): ProjectionFailureRow => ({
  user_id: failureUserId(userId),
  stream_id: safe(event.streamId, 500),
  revision: String(event.revision),
  position: formatPosition(event.position),
  event_type: safe(event.type, 200),
  error: safe(error instanceof Error ? error.message : String(error)),
  failed_at: new Date(),
});

/**
 * The one projection engine behind live projection, rebuild and retry: per-user states folded in
 * memory, loaded lazily on first touch, and the rows they changed taken out once per batch. It does
 * no writing itself; the caller writes the changes and the checkpoint in one transaction.
 *
 * One user's bad data never stops anyone else: an event whose fold throws, a user id that is not a
 * UUID, or a row Postgres would refuse sets that user aside. Their state is dropped (so nothing of
 * the batch that failed is written for them), a `projection_failures` row says why, and their later
 * events are skipped, except that their new streams are still noted in `user_streams` (so their
 * event download and a retry find every stream).
 */
export class ProjectionEngine {
  /** Users' states by id, within the cache's bounds between batches. */
  private readonly users: UserStateCache;
  private readonly touched = new Set<UserState>();
  private readonly lastEvents = new Map<UserState, RecordedEvent>();
  private readonly setAside = new Set<string>();
  /** Users held while an import of theirs runs (import_holds): their events wait for the hold's release. */
  private readonly held = new Set<string>();
  private readonly holdChanges: HoldChange[] = [];
  /** Failures found since the last takeChanges, by user. */
  private readonly failures = new Map<string, ProjectionFailureRow>();
  /** Streams first seen in events of set-aside users, since the last takeChanges. */
  private readonly asideStreams: { user_id: string; stream_id: string }[] = [];
  readonly erasures = new Erasures(); // deleted accounts: the caller screens events through it (erasures.ts)

  /**
   * Between batches it keeps at most `maxCachedUsers` states and `maxCachedRows` rows in them
   * (heldRows), forgetting the least recently touched first, but the users of the batch just taken
   * (engine/user-cache.ts); a forgotten user is loaded from the tables when next touched.
   */
  constructor(
    maxCachedUsers = Number.POSITIVE_INFINITY,
    maxCachedRows = Number.POSITIVE_INFINITY,
    /**
     * True (the live projector, a rebuild): an ImportStarted holds its user, whose later events
     * are skipped until the hold's release folds them (imports/release.ts). False: the events given
     * were already admitted (engine/import-gate.ts), as a release and a restore fold them.
     */
    private readonly holdsImports = true,
  ) {
    this.users = new UserStateCache(maxCachedUsers, maxCachedRows);
  }

  get cachedUsers(): number {
    return this.users.size;
  }

  /** The rows the cached states held after the last take (heldRows of each, counted once there). */
  get cachedRows(): number {
    return this.users.rows;
  }

  /** The state held for a user (none: not seen, or set aside). */
  stateOf(userId: string): UserState | undefined {
    return this.users.get(userId);
  }

  /** The state to snapshot for a user: 'held' while an import holds them (nothing to snapshot then). */
  snapshotState(userId: string): UserState | 'held' | undefined {
    return this.held.has(userId) ? 'held' : this.users.get(userId);
  }

  /** Users set aside so far (as told by `setAsideUsers`, plus those that failed here). */
  get setAsideCount(): number {
    return this.setAside.size;
  }

  /** Replaces the set of users set aside (read from projection_failures), forgetting their states. */
  setAsideUsers(userIds: Iterable<string>): void {
    this.setAside.clear();
    for (const userId of userIds) {
      this.setAside.add(userId);
      this.forget(userId);
    }
  }

  /** Replaces the set of users held by an import (read from import_holds), forgetting their states. */
  heldUsers(userIds: Iterable<string>): void {
    this.held.clear();
    for (const userId of userIds) {
      this.held.add(userId);
      this.forget(userId);
    }
  }

  /** A released user's state, from the release that folded their import (under the batch lock): not loaded again. */
  adoptReleased(userId: string, state: UserState): void {
    this.held.delete(userId);
    if (!this.setAside.has(userId)) this.users.touch(userId, state);
  }

  /** The starts and ends of imports found since the last call, in log order. */
  takeHoldChanges(): HoldChange[] {
    return this.holdChanges.splice(0);
  }

  /** Folds events (in log order) into the users' states, loading unseen users first. */
  async apply(events: readonly RecordedEvent[], load: LoadUsers): Promise<void> {
    await this.users.loadAll(this.missingUsers(events), load);
    this.fold(events);
  }

  /**
   * Folds the longest run of `events` from the first whose users fit in `maxCachedRows`, and
   * answers how many it folded (all of them unless the states would not fit). Unseen users are
   * loaded in the order their first events come, a group at a time, until the states held pass the
   * bound (UserStateCache.loadSome); the events from the first one of a user not loaded are left for
   * the caller to give again once it has taken the changes, and that take forgets even the users
   * just taken, down to the bound. The live projector's batches use it: a catch-up page touching
   * many long histories does not hold them all at once.
   */
  async applySome(events: readonly RecordedEvent[], load: LoadUsers): Promise<number> {
    const missing = this.missingUsers(events);
    const loaded = await this.users.loadSome(missing, load);
    let folded = events.length;
    if (loaded < missing.length) {
      const left = new Set(missing.slice(loaded));
      folded = events.findIndex((event) => left.has(userOf(event)!));
    }
    this.fold(folded === events.length ? events : events.slice(0, folded));
    return folded;
  }

  /**
   * The users of `events` to load, in the order their first events come (a user id that is not a UUID
   * sets its user aside). Not a user whose first event starts an import: the release loads them.
   */
  private missingUsers(events: readonly RecordedEvent[]): string[] {
    const missing = new Set<string>();
    const heldOnArrival = new Set<string>();
    for (const event of events) {
      const userId = userOf(event);
      if (userId === undefined || this.setAside.has(userId) || this.held.has(userId) || this.users.has(userId)) continue;
      if (missing.has(userId) || heldOnArrival.has(userId)) continue;
      if (this.holdsImports && importLifecycle(event)?.kind === 'start' && isProjectableUser(userId)) heldOnArrival.add(userId);
      else if (isProjectableUser(userId)) missing.add(userId);
      else this.fail(userId, event, new Error('The event names a user id that is not a UUID'));
    }
    return [...missing];
  }

  /** Folds events (in log order) into the states of their users, all loaded. */
  private fold(events: readonly RecordedEvent[]): void {
    let last: UserState | undefined;
    for (const event of events) {
      const userId = userOf(event);
      if (userId === undefined) continue;
      if (this.setAside.has(userId)) {
        this.noteAsideStream(userId, event);
        continue;
      }
      const lifecycle = this.holdsImports ? importLifecycle(event) : undefined;
      if (this.holdsImports && (this.held.has(userId) || (lifecycle === undefined && importOf(event) !== undefined))) {
        // Held: the release folds it. An import's event while its user is not held is a straggler
        // after the import ended: it never counts (engine/import-gate.ts).
        if (lifecycle && this.held.has(userId)) {
          this.holdChanges.push(
            lifecycle.kind === 'start'
              ? { kind: 'start', userId, importId: lifecycle.importId, position: formatPosition(event.position) }
              : { kind: 'end', userId, importId: lifecycle.importId },
          );
        }
        this.noteAsideStream(userId, event);
        last = undefined;
        continue;
      }
      if (lifecycle?.kind === 'start' && !this.users.has(userId)) {
        // Not loaded (missingUsers): nothing of the user's rows changes before the release, and an
        // ImportStarted changes none but the stream it notes.
        this.held.add(userId);
        this.holdChanges.push({ kind: 'start', userId, importId: lifecycle.importId, position: formatPosition(event.position) });
        this.noteAsideStream(userId, event);
        last = undefined;
        continue;
      }
      const state = last?.userId === userId ? last : this.users.get(userId)!;
      if (!this.touched.has(state)) {
        this.touched.add(state);
        this.users.touch(userId, state);
      }
      this.lastEvents.set(state, event);
      try {
        projectEvent(state, event);
        last = state;
      } catch (error) {
        this.fail(userId, event, error);
        last = undefined;
        continue;
      }
      if (lifecycle?.kind === 'start') {
        // From here the user's events wait for the import's end; what came before is taken as usual.
        this.held.add(userId);
        this.holdChanges.push({ kind: 'start', userId, importId: lifecycle.importId, position: formatPosition(event.position) });
        last = undefined;
      }
    }
  }

  /**
   * The rows changed since the last call (streaks and goals settled first), and forgets the marks.
   * A user whose rows Postgres would refuse is set aside instead, with none of their rows taken.
   */
  takeChanges(): RowChanges {
    const changes = emptyChanges();
    for (const state of this.touched) this.takeUser(state, changes);
    this.takeAside(changes);
    this.forgetHeld();
    this.evict();
    this.touched.clear();
    this.lastEvents.clear();
    return changes;
  }

  /**
   * The same, one user at a time, so the caller can write each user's rows on their own if Postgres
   * refuses the whole (for a reason no check here foresaw), and `fail` the users whose rows it
   * refuses. `rest` holds the failures and streams of set-aside users: write it too.
   */
  takeChangesByUser(): TakenChanges {
    const users: UserChanges[] = [];
    for (const state of this.touched) {
      const changes = emptyChanges();
      const lastEvent = this.lastEvents.get(state)!;
      if (this.takeUser(state, changes)) users.push({ userId: state.userId, changes, lastEvent });
    }
    const rest = emptyChanges();
    this.takeAside(rest);
    this.forgetHeld();
    this.evict();
    this.touched.clear();
    this.lastEvents.clear();
    return { users, rest };
  }

  /** The failure rows and set-aside streams found since the last take (e.g. by `fail` after a write). */
  takeFailures(): RowChanges {
    const changes = emptyChanges();
    this.takeAside(changes);
    return changes;
  }

  /**
   * Sets aside a user whose taken changes Postgres refused: as `fail`, keeping the streams those
   * changes would have noted (restoring the user reads every one of their streams).
   */
  refuse(user: UserChanges, error: unknown): void {
    const streams = user.changes.user_streams;
    this.noteStreams(
      user.userId,
      [...streams.inserts, ...streams.upserts].map((r) => r.stream_id),
    );
    this.fail(user.userId, user.lastEvent, error);
  }

  /** Sets a user aside: forgets their state and records why, to be written with the next changes. */
  fail(userId: string, event: RecordedEvent, error: unknown): void {
    this.setAside.add(userId);
    if (!this.failures.has(userId)) this.failures.set(userId, failureRow(userId, event, error));
    this.drop(userId);
  }

  /** Forgets every state: after a failed write, or when someone else (a rebuild) rewrote the tables. */
  clear(): void {
    this.holdChanges.length = 0;
    this.users.clear();
    this.touched.clear();
    this.lastEvents.clear();
    this.failures.clear();
    this.asideStreams.length = 0;
  }

  /** Files one user's changed rows; false (and the user set aside, nothing filed) if any would be refused. */
  private takeUser(state: UserState, changes: RowChanges): boolean {
    const marks = (Object.keys(changes) as TableName[]).map((table) => {
      const t = changes[table];
      return [table, t.inserts.length, t.upserts.length, t.deletes.length] as const;
    });
    const seen = [...state.userStreams]; // takeUserChanges clears the marks
    try {
      settleUser(state);
      takeUserChanges(state, changes);
      for (const [table, inserts, upserts, deletes] of marks) {
        const t = changes[table];
        for (let i = inserts; i < t.inserts.length; i++) throwIf(unstorable(table, t.inserts[i]));
        for (let i = upserts; i < t.upserts.length; i++) throwIf(unstorable(table, t.upserts[i]));
        for (let i = deletes; i < t.deletes.length; i++) throwIf(unstorableKey(table, t.deletes[i]));
      }
      return true;
    } catch (error) {
      for (const [table, inserts, upserts, deletes] of marks) {
        const t = changes[table];
        t.inserts.length = inserts;
        t.upserts.length = upserts;
        t.deletes.length = deletes;
      }
      this.noteStreams(state.userId, seen);
      this.fail(state.userId, this.lastEvents.get(state)!, error);
      return false;
    }
  }

  private takeAside(changes: RowChanges): void {
    changes.projection_failures.upserts.push(...this.failures.values());
    this.failures.clear();
    // Upserts: `on conflict do nothing` (the table has no other column), as the stream may be noted already.
    changes.user_streams.upserts.push(...this.asideStreams);
    this.asideStreams.length = 0;
  }

  private noteAsideStream(userId: string, event: RecordedEvent): void {
    if (!isProjectableUser(userId)) return; // user_streams holds uuids: such a user is never projected
    if (event.revision !== 0n && !isSharedStream(event.streamId)) return;
    this.noteStreams(userId, [event.streamId]);
  }

  /** Held users' states go once their changes from before the hold are taken: the release loads them again. */
  private forgetHeld(): void {
    for (const userId of this.held) if (this.users.has(userId)) this.forget(userId);
  }

  private forget(userId: string): void {
    const state = this.users.delete(userId);
    if (state) {
      this.touched.delete(state);
      this.lastEvents.delete(state);
    }
  }

  /** Forgets a failed user's state, but still notes the streams it had just seen (restoring them reads every one). */
  private drop(userId: string): void {
    const state = this.users.get(userId);
    if (state) this.noteStreams(userId, state.userStreams);
    this.forget(userId);
  }

  private noteStreams(userId: string, streamIds: Iterable<string>): void {
    for (const streamId of streamIds) {
      const row = { user_id: userId, stream_id: streamId };
      if (unstorable('user_streams', row) === undefined) this.asideStreams.push(row);
    }
  }

  private evict(): void {
    this.users.evict(this.touched);
  }
}

const throwIf = (problem: string | undefined): void => {
  if (problem !== undefined) throw new Error(problem);
};
