/**
 * A row's `version` (what clients send back in If-Match) for the stream revision of the last event
 * applied to it.
 */
export const rowVersion = (revision: bigint): number => Number(revision);
