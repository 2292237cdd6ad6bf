/** Test helpers other workspaces use (`@bt/projector/testing`); production code never imports them. */
export { EventLog } from './event-log';
