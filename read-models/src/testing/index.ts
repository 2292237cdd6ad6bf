/** Test helpers other workspaces use (`@bt/read-models/testing`); production code never imports them. */
export { EventLog } from './event-log';
export { loadedReadModels } from './loaded-rows';
