/** Test helpers other workspaces use (`@bt/launcher/testing`); production code never imports them. */
export * from './security-headers';
export * from './record-events';
export * from './tamper-log';
