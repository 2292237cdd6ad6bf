/** What the other workspaces use from the projector. */
export * from './db/schema';
export { migrateReadModels } from './db/migrate';
export { startProjector, type ProjectorOptions, type RunningProjector } from './projector';
export { startProjectorThread } from './projector-thread';
export { readLiveProjectorConfig, type LiveProjectorConfig } from './config';
export { rebuildReadModels, type RebuildOptions, type RebuildResult } from './rebuild';
export { ReplayFailed, replayUser, replayUserInSlices, type ReplayOptions, type UserReadModels } from './replay';
export { settledProfitFromReadModel } from './db/settled-profit';
export { projectorLag, projectorWithin } from './lag';
export { partitionOf, parsePositionPayload, type Partition } from './partitions/partition';
export { readPartitionCheckpoints, userCheckpoint, type CheckpointRow } from './partitions/checkpoints';
export { PROJECTION_VERSION, sortablePosition } from './snapshots/snapshots';
export { binaryCopyRows, readNearestSnapshot } from './snapshots/read';
