import type { Selectable } from 'kysely';
import type { TableType } from './columns';
import { users } from './models/users/table';
import { bets } from './models/bets/table';
import { parlays } from './models/parlays/table';
import { bankroll } from './models/bankroll/table';
import { bankroll_entries } from './models/bankroll-entries/table';
import { user_stats } from './models/user-stats/table';
import { daily } from './models/daily/table';
import { sport_distribution } from './models/sport-distribution/table';
import { streaks } from './models/streaks/table';
import { goals } from './models/goals/table';
import { journal_entries } from './models/journal/table';
import { user_streams } from './models/user-streams/table';
import { user_settings } from './models/settings/table';
import { analytics_daily, analytics_monthly, analytics_totals } from './models/analytics/table';
import { removed_rows } from './models/removed-rows/table';
import { public_profiles } from './models/public-profiles/table';
import {
  checkpoints,
  import_holds,
  projection_failures,
  read_model_versions,
  snapshot_marks,
  snapshot_streams,
  user_snapshots,
} from './shared-tables';

/**
 * The read models (Postgres schema `read`), written only by the projector.
 *
 * Conventions:
 * - Money columns are `numeric` (dollars, rounded to cents); `platform/src/db.ts` parses them as JS numbers.
 * - `date` columns are 'YYYY-MM-DD' text (the bet's / goal's / entry's own day); instants are timestamptz (Date).
 * - `version` is the 0-based revision of the row's stream (`bet-{id}`, `parlay-{id}`, ...): the value
 *   PUT/DELETE send back as `If-Match`.
 * - A row exists only while the thing it describes does: removed bets, emptied days and sports are deleted.
 * - Each read model declares its table(s) in its own folder (models/<name>/table.ts); the tables that
 *   belong to no read model are in shared-tables.ts. This file assembles them into `Database`.
 */

export type { Json, Money, Timestamp } from './columns';
export type { UserRow } from './models/users/table';
export type { BetHistoryRow } from './models/bets/table';
export type { ParlayRow } from './models/parlays/table';
export type { BankrollRow } from './models/bankroll/table';
export type { BankrollEntryRow } from './models/bankroll-entries/table';
export type { UserStatsRow } from './models/user-stats/table';
export type { DailyRow } from './models/daily/table';
export type { SportDistributionRow } from './models/sport-distribution/table';
export type { StreaksRow } from './models/streaks/table';
export type { GoalRow } from './models/goals/table';
export type { JournalEntryRow } from './models/journal/table';
export type { UserStreamRow } from './models/user-streams/table';
export type { UserSettingsRow } from './models/settings/table';
export type { AnalyticsDailyRow, AnalyticsMonthlyRow, AnalyticsTotalsRow } from './models/analytics/table';
export type { RemovedKind, RemovedRow } from './models/removed-rows/table';
export type { PublicProfileRow } from './models/public-profiles/table';
export { checkpoints, import_holds, read_model_versions, snapshot_marks, snapshot_streams, user_snapshots } from './shared-tables';
export type { CheckpointRow, ProjectionFailureRow } from './shared-tables';

/**
 * Every table the projection writes, in the order a batch writes them: the single declaration of
 * their columns (the migrations must agree with it, see schema.int.test.ts).
 */
export const TABLES = {
  users,
  bets,
  parlays,
  bankroll,
  user_stats,
  daily,
  sport_distribution,
  streaks,
  goals,
  journal_entries,
  user_streams,
  projection_failures,
  user_settings,
  analytics_daily,
  analytics_monthly,
  analytics_totals,
  removed_rows,
  public_profiles,
  bankroll_entries,
};

export type TableName = keyof typeof TABLES;

export type Database = { [T in TableName]: TableType<(typeof TABLES)[T]> } & {
  checkpoints: TableType<typeof checkpoints>;
  user_snapshots: TableType<typeof user_snapshots>;
  snapshot_marks: TableType<typeof snapshot_marks>;
  snapshot_streams: TableType<typeof snapshot_streams>;
  import_holds: TableType<typeof import_holds>;
  read_model_versions: TableType<typeof read_model_versions>;
};

/** The row type of each read-model table the projection writes. */
export type TableRows = { [T in TableName]: Selectable<Database[T]> };

/** The live read models' schema; a rebuild fills SHADOW_SCHEMA and renames it to this. */
export const READ_SCHEMA = 'read';
export const SHADOW_SCHEMA = 'read_rebuild';
/** The `checkpoints` row of the read models. */
export const CHECKPOINT_NAME = 'read_models';
/** pg_notify channel; the payload is the new checkpoint position "commit.prepare". */
export const NOTIFY_CHANNEL = 'read_models';
/** NOTIFY channel: the set of users held by an import (import_holds) changed. */
export const HOLDS_CHANNEL = 'read_models_holds';
/** NOTIFY channel: the set of users set aside (projection_failures) changed. */
export const FAILURES_CHANNEL = 'read_models_failures';
export const RECENT_STREAKS_LIMIT = 10;
