import type {
  AnalyticsDailyRow,
  AnalyticsMonthlyRow,
  AnalyticsTotalsRow,
  BankrollEntryRow,
  BankrollRow,
  BetHistoryRow,
  DailyRow,
  GoalRow,
  JournalEntryRow,
  ParlayRow,
  PublicProfileRow,
  RemovedRow,
  SportDistributionRow,
  StreaksRow,
  TableName,
  UserRow,
  UserStatsRow,
  UserStreamRow,
  UserSettingsRow,
} from '../database';
import type { RowSet } from './row-sets';
import type { BetRowChange, Handlers, UserState } from './state';

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
  /** Null until the user sets a preference. */
  settings: UserSettingsRow | null;
  /** By date, then dimension and key. */
  analyticsDaily: AnalyticsDailyRow[];
  /** By month, then dimension and key. */
  analyticsMonthly: AnalyticsMonthlyRow[];
  /** By dimension and key. */
  analyticsTotals: AnalyticsTotalsRow[];
  /** Newest removal first. */
  removedRows: RemovedRow[];
  /** Null until the user sets a public profile. */
  publicProfile: PublicProfileRow | null;
  /** The bankroll ledger, newest first. */
  bankrollEntries: BankrollEntryRow[];
}

/** A read model's part of the user's state and of UserReadModels. */
export type ReadModelName = keyof UserReadModels;

/**
 * A read model: the table it derives, the events it reads and how each changes the user's state,
 * and, for those derived from the bet history, how a `bets` row changing changes it. Each lives in
 * its own folder under models/; fold.ts lists them. The order in which they see an event is not the
 * list's: it is what `after` and `before` declare (./order.ts).
 */
export interface ReadModel<K extends ReadModelName = ReadModelName> {
  /** Its part of the user's state and of UserReadModels. */
  name: K;
  table: TableName;
  /** The events it reads. */
  reads: Handlers;
  /**
   * The other parts of the user's state its handlers read (`bets` is implied by followsBets): a
   * replay asked for only some read models folds these too (see readModelsFor in ./fold.ts).
   */
  uses?: readonly ReadModelName[];
  /** The read models whose handlers must see an event before its own do (they change rows its handlers read). */
  after?: readonly ReadModelName[];
  /** The read models whose handlers must see an event after its own do (its handlers read rows theirs change). */
  before?: readonly ReadModelName[];
  /**
   * How one `bets` row put, replaced or removed changes it: its typed dependency on `bets`. It runs
   * after every handler of the event, so it needs no `after: ['bets']`; the followers of one change
   * each update their own part of the state, in no particular order.
   */
  followsBets?: (state: UserState, change: BetRowChange, at: Date) => void;
  /** What it reads off what followsBets kept (streaks, goal amounts): once per batch, before its rows are taken. */
  settle?: (state: UserState) => void;
  /** Its rows in the user's state. */
  rowSet: (state: UserState) => RowSet;
  /** Its rows for a replay, in the order readers list them; `hasEvents`: whether any of the user's events was folded. */
  replay: (state: UserState, hasEvents: boolean) => UserReadModels[K];
}

/** Newest first: created_at, then id, descending. */
export const newestFirst = <R extends { created_at: Date; id: string }>(a: R, b: R): number =>
  b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
