import { heldRows, type UserState } from '@bt/read-models';

/** Loads the states of users the engine has not seen (from the tables being written). */
export type LoadUsers = (userIds: string[]) => Promise<Map<string, UserState>>;

/**
 * Users loadSome loads at a time at least, so a batch moves on by a fair share even when the
 * cache is full: the bound may be passed by that many users' histories.
 */
const LOAD_AT_LEAST = 16;

/**
 * The projection engine's user states, least recently touched first. Between batches (`evict`,
 * once a batch's changes are taken) it keeps at most `maxUsers` states and `maxRows` rows in them
 * (heldRows), forgetting the least recently touched first; a forgotten user is loaded from the
 * tables when next touched.
 */
export class UserStateCache {
  /** Users by id, least recently touched first. */
  private readonly users = new Map<string, UserState>();
  private rowsAfterTake = 0;
  /** loadSome left users unloaded for want of room: the next eviction forgets even the users just taken. */
  private cut = false;

  constructor(
    private readonly maxUsers: number,
    private readonly maxRows: number,
  ) {}

  get size(): number {
    return this.users.size;
  }

  /** The rows the states held after the last eviction (heldRows of each, counted once there). */
  get rows(): number {
    return this.rowsAfterTake;
  }

  get(userId: string): UserState | undefined {
    return this.users.get(userId);
  }

  has(userId: string): boolean {
    return this.users.has(userId);
  }

  /** Moves a user's state to the most recently touched end. */
  touch(userId: string, state: UserState): void {
    this.users.delete(userId);
    this.users.set(userId, state);
  }

  /** Forgets a user's state, answering it. */
  delete(userId: string): UserState | undefined {
    const state = this.users.get(userId);
    this.users.delete(userId);
    return state;
  }

  /** Loads every one of `missing` (users not held). */
  async loadAll(missing: string[], load: LoadUsers): Promise<void> {
    if (missing.length > 0) for (const [userId, state] of await load(missing)) this.users.set(userId, state);
  }

  /**
   * Loads `missing` in order, a group at a time (as many as the room left holds at the rows a
   * cached or loaded user holds on average, and at least LOAD_AT_LEAST: only that many when nothing
   * is cached), until the states held pass the bound; answers how many it loaded. At least one
   * group is loaded each call, so a batch always moves on. When some are left, the next eviction
   * forgets even the users just touched, down to the bound.
   */
  async loadSome(missing: readonly string[], load: LoadUsers): Promise<number> {
    let room = this.maxRows - this.rowsAfterTake;
    // Rows a user holds: the cached states' mean to start with (nothing cached: unknown, so the
    // first group is the smallest), then the loaded ones'.
    let rowsPerUser = this.users.size > 0 ? this.rowsAfterTake / this.users.size : undefined;
    let loaded = 0;
    let loadedRows = 0;
    while (loaded < missing.length && (loaded === 0 || room > 0)) {
      const fits = rowsPerUser === undefined ? 0 : Math.floor(room / Math.max(1, rowsPerUser));
      const size = Math.max(LOAD_AT_LEAST, fits);
      const group = missing.slice(loaded, loaded + size);
      for (const [userId, state] of await load(group)) {
        this.users.set(userId, state);
        const rows = heldRows(state);
        room -= rows;
        loadedRows += rows;
      }
      loaded += group.length;
      rowsPerUser = loadedRows / loaded;
    }
    if (loaded < missing.length) this.cut = true;
    return loaded;
  }

  /**
   * Forgets states down to the bounds, least recently touched first. The states `touched` by the
   * batch just taken stay, even over the rows' bound (unless loadSome cut that batch short):
   * forgetting them would load them again at once when the next batch touches them too (a
   * catch-up's pages, each with every user's events; a 100,000-bet history's each write).
   */
  evict(touched: ReadonlySet<UserState>): void {
    if (this.users.size > this.maxUsers) {
      for (const userId of this.users.keys()) {
        if (this.users.size <= this.maxUsers) break;
        this.users.delete(userId);
      }
    }
    let rows = 0;
    for (const state of this.users.values()) rows += heldRows(state);
    for (const [userId, state] of this.users) {
      if (rows <= this.maxRows) break;
      if (touched.has(state) && !this.cut) continue;
      rows -= heldRows(state);
      this.users.delete(userId);
    }
    this.rowsAfterTake = rows;
    this.cut = false;
  }

  clear(): void {
    this.users.clear();
    this.rowsAfterTake = 0;
    this.cut = false;
  }
}
