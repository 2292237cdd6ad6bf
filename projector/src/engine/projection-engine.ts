import type { RecordedEvent } from '@bt/event-store/port';
import { projectEvent, settleUser } from '../projections/index';
import { emptyChanges, takeUserChanges, type RowChanges } from '../projections/rows';
import { userOf, type UserState } from '../projections/state';

/** Loads the states of users the engine has not seen (from the tables being written). */
export type LoadUsers = (userIds: string[]) => Promise<Map<string, UserState>>;

/**
 * The one projection engine behind live projection and rebuild: per-user states folded in memory,
 * loaded lazily on first touch, and the rows they changed taken out once per batch. It does no
 * writing itself; the caller writes the changes and the checkpoint in one transaction.
 */
export class ProjectionEngine {
  /** Users by id, least recently touched first. */
  private readonly users = new Map<string, UserState>();
  private readonly touched = new Set<UserState>();

  constructor(private readonly maxCachedUsers = Number.POSITIVE_INFINITY) {}

  get cachedUsers(): number {
    return this.users.size;
  }

  /** Folds events (in log order) into the users' states, loading unseen users first. */
  async apply(events: readonly RecordedEvent[], load: LoadUsers): Promise<void> {
    const missing = new Set<string>();
    for (const event of events) {
      const userId = userOf(event);
      if (userId !== undefined && !this.users.has(userId)) missing.add(userId);
    }
    if (missing.size > 0) {
      for (const [userId, state] of await load([...missing])) this.users.set(userId, state);
    }
    let last: UserState | undefined;
    for (const event of events) {
      const userId = userOf(event);
      if (userId === undefined) continue;
      const state = last?.userId === userId ? last : this.users.get(userId)!;
      if (!this.touched.has(state)) {
        this.touched.add(state);
        this.users.delete(userId); // most recently touched goes last
        this.users.set(userId, state);
      }
      projectEvent(state, event);
      last = state;
    }
  }

  /** The rows changed since the last call (streaks and goals settled first), and forgets the marks. */
  takeChanges(): RowChanges {
    const changes = emptyChanges();
    for (const state of this.touched) {
      settleUser(state);
      takeUserChanges(state, changes);
    }
    this.touched.clear();
    this.evict();
    return changes;
  }

  /** Forgets every state: after a failed write, or when someone else (a rebuild) rewrote the tables. */
  clear(): void {
    this.users.clear();
    this.touched.clear();
  }

  private evict(): void {
    if (this.users.size <= this.maxCachedUsers) return;
    for (const userId of this.users.keys()) {
      if (this.users.size <= this.maxCachedUsers) break;
      this.users.delete(userId);
    }
  }
}
