/**
 * A row's `version` (what answers carry and clients send back in If-Match): the revision of the
 * last event of its stream, as a JSON number; -1 for a stream that has no event yet.
 */
export const rowVersion = (revision: bigint | undefined): number => Number(revision ?? -1n);
