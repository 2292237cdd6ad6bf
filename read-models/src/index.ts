/**
 * The read side's contract, shared by the projector (which writes the read models), query-api
 * (which reads them and replays) and command-api (which reads one figure): the tables, the pure
 * fold of a user's events into their rows, the replay and the snapshots, the checkpoints and the
 * frozen migrations. No pool, no threads: functions that touch Postgres take a `Kysely<Database>`.
 */

// The tables: one declaration each (models/<name>/), assembled into the kysely `Database`.
export * from './database';
export type { Column, PgType } from './columns';
export { migrateReadModels } from './migrate';

// The fold: one user's events into their rows, the same for live projection, rebuild and replay.
export {
  LOADED,
  newUserState,
  projectEvent,
  READ_MODELS,
  readModelsFor,
  settleUser,
  takeUserChanges,
  untrackedUserState,
} from './fold/fold';
export { heldRows, occurredAt, userOf, type UserState } from './fold/state';
export type { ReadModelName, UserReadModels } from './fold/read-model';
export { READ_MODEL_VERSIONS, readStoredVersions, recordVersions } from './versions';
export { changeCount, emptyChanges, mergeChanges, type RowChanges, type TakenChanges, type UserChanges } from './fold/rows';
export { admitImports, importLifecycle, importOf } from './fold/import-gate';
export { isSharedStream } from './models/user-streams/projection';
export { revivedRemovedRow } from './models/removed-rows/projection';

// Replays (asOf) and the snapshots they start from.
export { ReplayFailed, replayUser, replayUserInSlices, type ReplayOptions } from './replay';
export { HELD, PROJECTION_VERSION, Snapshots, sortablePosition, writeSnapshots } from './snapshots/snapshots';
export { binaryCopyRows, readNearestSnapshot } from './snapshots/read';

// Where the read models stand: checkpoints, partitions by user, lag.
export {
  checkpointName,
  fnv1a,
  ownedEvents,
  parsePositionPayload,
  partitionFrom,
  partitionOf,
  positionPayload,
  WHOLE,
  type Partition,
} from './checkpoints/partition';
export {
  readCheckpointRows,
  readPartitionCheckpoint,
  readPartitionCheckpoints,
  startingPosition,
  userCheckpoint,
  type CheckpointRow,
} from './checkpoints/checkpoints';
export { projectorLag, projectorWithin, readSetAsideUsers } from './lag';
export { eraseUsers, lockUserRows } from './erase-users';

// What command-api reads of the read models.
export { settledProfitFromReadModel } from './settled-profit';
export { dimensionColumnOf, GROUP_FIGURES, analyticsFigures, type AnalyticsGroupsRow } from './models/analytics/table';
export { groupsInRow, type GroupFigures } from './models/analytics/group-figures';
export { withoutUnitSizeFromReadModel, type WithoutUnitSize } from './without-unit-size';
