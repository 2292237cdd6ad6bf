import type { Selectable } from 'kysely';
import type { TableType } from './columns';
import { MODEL_TABLES } from './fold/fold';
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
 * - Each read model declares its table in its own folder (models/<name>/table.ts) and names it in its
 *   projection; the tables that belong to no read model are in shared-tables.ts. This file assembles
 *   the list's (fold/fold.ts) and those into `Database`: a new read model adds no line here.
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
export { RECENT_STREAKS_LIMIT, type StreaksRow } from './models/streaks/table';
export type { GoalRow } from './models/goals/table';
export type { JournalEntryRow } from './models/journal/table';
export type { UserStreamRow } from './models/user-streams/table';
export type { UserSettingsRow } from './models/settings/table';
export type { AnalyticsDailyRow, AnalyticsMonthlyRow, AnalyticsStakesRow, AnalyticsTotalsRow } from './models/analytics/table';
export type { RemovedKind, RemovedRow } from './models/removed-rows/table';
export type { PublicProfileRow } from './models/public-profiles/table';
export { checkpoints, import_holds, read_model_versions, snapshot_marks, snapshot_streams, user_snapshots } from './shared-tables';
export type { CheckpointRow, ProjectionFailureRow } from './shared-tables';

/**
 * Every table the projection writes, in the order a batch writes them: the listed read models'
 * (fold/fold.ts, in READ_MODELS order: a model that must be written after another says so by
 * `after`/`before`), then the engine's projection_failures. The single declaration of their
 * columns (the migrations must agree with it, see database.int.test.ts).
 */
export const TABLES: typeof MODEL_TABLES & { projection_failures: typeof projection_failures } = { ...MODEL_TABLES, projection_failures };

export type TableName = keyof typeof TABLES;

/** The kysely tables of some table declarations, by name: TABLES' in Database, a test's list's own (fold/recipe.test.ts). */
export type DatabaseOf<Tables> = { [T in keyof Tables]: TableType<Tables[T]> };

export type Database = DatabaseOf<typeof TABLES> & {
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
