/** What the launcher uses from the projector service (the read models' contract is @bt/read-models). */
export { startProjector, type ProjectorOptions, type RunningProjector } from './projector';
export { startProjectorThread } from './projector-thread';
export { readLiveProjectorConfig, type LiveProjectorConfig } from './config';
export { rebuildReadModels, type RebuildOptions, type RebuildResult } from './rebuild';
