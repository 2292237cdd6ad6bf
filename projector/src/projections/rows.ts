import { fromCents } from '@bt/contracts';
import type { RecordedEvent } from '@bt/event-store';
import type {
  BankrollRow, BetHistoryRow, DailyRow, GoalRow, JournalEntryRow, ParlayRow, ProjectionFailureRow,
  SportDistributionRow, StreaksRow, UserRow, UserStatsRow, UserStreamRow,
} from '../db/schema';
import { emptyDirty, type UserState } from './state';
import { isSharedStream } from './user-streams';

/** One user's rows in every read model: what the tables hold for them, or what a replay computes. */
export interface UserReadModels {
  user: UserRow | null;
  /** Newest first (created_at, then id, descending), as GET /api/bets lists them. */
  bets: BetHistoryRow[];
  /** Newest first. */
  parlays: ParlayRow[];
  /** Null only when the user has no events at all. */
  bankroll: BankrollRow | null;
  userStats: UserStatsRow | null;
  /** Ascending by date. */
  daily: DailyRow[];
  /** By sport name. */
  sportDistribution: SportDistributionRow[];
  streaks: StreaksRow | null;
  /** Oldest first. */
  goals: GoalRow[];
  /** Newest first. */
  journalEntries: JournalEntryRow[];
  /** By stream id. */
  userStreams: UserStreamRow[];
}

export const bankrollRow = (state: UserState): BankrollRow => {
  const b = state.bankroll;
  return {
    user_id: state.userId,
    amount: fromCents(b.depositsCents - b.withdrawalsCents + b.settledProfitCents),
    deposits: fromCents(b.depositsCents),
    withdrawals: fromCents(b.withdrawalsCents),
    settled_profit: fromCents(b.settledProfitCents),
    updated_at: b.updatedAt,
  };
};

export const userStatsRow = (state: UserState): UserStatsRow => {
  const s = state.stats;
  return {
    user_id: state.userId,
    bet_count: s.betCount,
    parlay_count: s.parlayCount,
    wins: s.wins,
    losses: s.losses,
    pushes: s.pushes,
    pending: s.pending,
    settled_stake: fromCents(s.settledStakeCents),
    total_profit: fromCents(s.profitCents),
  };
};

export const dailyRow = (state: UserState, date: string): DailyRow | undefined => {
  const d = state.days.get(date);
  return d && {
    user_id: state.userId,
    date,
    placed: d.placed,
    wins: d.wins,
    losses: d.losses,
    pushes: d.pushes,
    pending: d.pending,
    settled_stake: fromCents(d.settledStakeCents),
    profit: fromCents(d.profitCents),
  };
};

export const sportRow = (state: UserState, sport: string): SportDistributionRow | undefined => {
  const s = state.sports.get(sport);
  return s && {
    user_id: state.userId,
    sport: sport as SportDistributionRow['sport'],
    count: s.count,
    stake: fromCents(s.stakeCents),
    profit: fromCents(s.profitCents),
  };
};

export const streaksRow = (state: UserState): StreaksRow => ({ user_id: state.userId, ...state.streaks });

const newestFirst = <R extends { created_at: Date; id: string }>(a: R, b: R) =>
  b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Every row the user has in the read models, built from their state (replay and tests). */
const readModelParts = (state: UserState, hasEvents: boolean): { [K in keyof UserReadModels]: () => UserReadModels[K] } => ({
  user: () => state.user,
  bets: () => [...state.history.values()].sort(newestFirst),
  parlays: () => [...state.parlays.values()].sort(newestFirst),
  bankroll: () => (hasEvents ? bankrollRow(state) : null),
  userStats: () => (hasEvents ? userStatsRow(state) : null),
  daily: () => [...state.days.keys()].sort().map((date) => dailyRow(state, date)!),
  sportDistribution: () => [...state.sports.keys()].sort().map((sport) => sportRow(state, sport)!),
  streaks: () => (hasEvents ? streaksRow(state) : null),
  goals: () => [...state.goals.values()].sort((a, b) => -newestFirst(a, b)),
  journalEntries: () => [...state.journal.values()].sort(newestFirst),
  userStreams: () => [...state.dirty.streams].sort().map((stream_id) => ({ user_id: state.userId, stream_id })),
});

export const userReadModels = (state: UserState, hasEvents = true): UserReadModels => {
  const parts = readModelParts(state, hasEvents);
  return Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part()])) as unknown as UserReadModels;
};

/**
 * The same rows, each list built when first read: a replay that shows stats does not sort a large
 * history's bets (20,000 of them: ~20 ms) for nothing.
 */
export const lazyUserReadModels = (state: UserState, hasEvents = true): UserReadModels => {
  const models = {} as UserReadModels;
  for (const [name, part] of Object.entries(readModelParts(state, hasEvents))) {
    let value: unknown;
    let built = false;
    Object.defineProperty(models, name, {
      enumerable: true,
      get: () => {
        if (!built) [value, built] = [part(), true];
        return value;
      },
    });
  }
  return models;
};

/** The row type of each read-model table the projection writes. */
export interface TableRows {
  users: UserRow;
  bets: BetHistoryRow;
  parlays: ParlayRow;
  bankroll: BankrollRow;
  user_stats: UserStatsRow;
  daily: DailyRow;
  sport_distribution: SportDistributionRow;
  streaks: StreaksRow;
  goals: GoalRow;
  journal_entries: JournalEntryRow;
  user_streams: UserStreamRow;
  projection_failures: ProjectionFailureRow;
}
export type TableName = keyof TableRows;

/** Per table: new rows (plain inserts), changed rows (upserts), keys of rows to delete. */
export type RowChanges = {
  [T in TableName]: { inserts: TableRows[T][]; upserts: TableRows[T][]; deletes: Partial<TableRows[T]>[] };
};

export const emptyChanges = (): RowChanges => ({
  users: { inserts: [], upserts: [], deletes: [] },
  bets: { inserts: [], upserts: [], deletes: [] },
  parlays: { inserts: [], upserts: [], deletes: [] },
  bankroll: { inserts: [], upserts: [], deletes: [] },
  user_stats: { inserts: [], upserts: [], deletes: [] },
  daily: { inserts: [], upserts: [], deletes: [] },
  sport_distribution: { inserts: [], upserts: [], deletes: [] },
  streaks: { inserts: [], upserts: [], deletes: [] },
  goals: { inserts: [], upserts: [], deletes: [] },
  journal_entries: { inserts: [], upserts: [], deletes: [] },
  user_streams: { inserts: [], upserts: [], deletes: [] },
  projection_failures: { inserts: [], upserts: [], deletes: [] },
});

/** One user's changes, with the event to name if Postgres refuses them (their last one in the batch). */
export interface UserChanges {
  userId: string;
  changes: RowChanges;
  lastEvent: RecordedEvent;
}

/** Every user's changes, and the rest (failure rows, streams of set-aside users), as the engine hands them over. */
export interface TakenChanges {
  users: UserChanges[];
  rest: RowChanges;
}

/** One RowChanges holding all of `list`, in order. */
export const mergeChanges = (list: readonly RowChanges[]): RowChanges => {
  const merged = emptyChanges();
  for (const changes of list) {
    for (const table of Object.keys(merged) as TableName[]) {
      const from = changes[table] as RowChanges[TableName];
      const to = merged[table] as RowChanges[TableName];
      for (const row of from.inserts) (to.inserts as object[]).push(row);
      for (const row of from.upserts) (to.upserts as object[]).push(row);
      for (const key of from.deletes) (to.deletes as object[]).push(key);
    }
  }
  return merged;
};

export const changeCount = (changes: RowChanges): number =>
  Object.values(changes).reduce((n, t) => n + t.inserts.length + t.upserts.length + t.deletes.length, 0);

/** Files a row that exists now under insert or upsert, by whether the table holds its key yet. */
const put = <R>(table: { inserts: R[]; upserts: R[] }, row: R, written: Set<string>, key: string) => {
  if (written.has(key)) {
    table.upserts.push(row);
  } else {
    table.inserts.push(row);
    written.add(key);
  }
};

/** Files the key of a row that is gone, unless the table never held it. */
const drop = <R>(table: { deletes: R[] }, key: R, written: Set<string>, name: string) => {
  if (written.delete(name)) table.deletes.push(key);
};

/** Moves the rows the user's dirty marks name into `changes`, and clears the marks. */
export const takeUserChanges = (state: UserState, changes: RowChanges): void => {
  const { dirty, userId, persisted } = state;
  if (dirty.user && state.user) {
    (persisted.user ? changes.users.upserts : changes.users.inserts).push(state.user);
    persisted.user = true;
  }
  for (const id of dirty.history) {
    const row = state.history.get(id);
    if (row) put(changes.bets, row, persisted.history, id);
    else drop(changes.bets, { id }, persisted.history, id);
  }
  for (const id of dirty.parlays) {
    const row = state.parlays.get(id);
    if (row) put(changes.parlays, row, persisted.parlays, id);
    else drop(changes.parlays, { id }, persisted.parlays, id);
  }
  const aggregates = persisted.aggregates ? 'upserts' : 'inserts';
  if (!persisted.aggregates) dirty.bankroll = dirty.stats = dirty.streaks = true;
  if (dirty.bankroll) changes.bankroll[aggregates].push(bankrollRow(state));
  if (dirty.stats) changes.user_stats[aggregates].push(userStatsRow(state));
  if (dirty.streaks) changes.streaks[aggregates].push(streaksRow(state));
  persisted.aggregates = true;
  for (const date of dirty.days) {
    const row = dailyRow(state, date);
    if (row) put(changes.daily, row, persisted.days, date);
    else drop(changes.daily, { user_id: userId, date }, persisted.days, date);
  }
  for (const sport of dirty.sports) {
    const row = sportRow(state, sport);
    if (row) put(changes.sport_distribution, row, persisted.sports, sport);
    else drop(changes.sport_distribution, { user_id: userId, sport: sport as SportDistributionRow['sport'] }, persisted.sports, sport);
  }
  for (const id of dirty.goals) {
    const row = state.goals.get(id);
    if (row) put(changes.goals, row, persisted.goals, id);
    else drop(changes.goals, { id }, persisted.goals, id);
  }
  for (const id of dirty.journal) {
    const row = state.journal.get(id);
    if (row) put(changes.journal_entries, row, persisted.journal, id);
    else drop(changes.journal_entries, { id }, persisted.journal, id);
  }
  for (const stream_id of dirty.streams) {
    (isSharedStream(stream_id) ? changes.user_streams.upserts : changes.user_streams.inserts).push({ user_id: userId, stream_id });
  }
  state.dirty = emptyDirty();
};
