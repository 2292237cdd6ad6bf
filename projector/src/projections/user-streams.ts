import type { RecordedEvent } from '@bt/event-store';
import type { UserState } from './state';

/**
 * `user_streams`: every stream holding one of the user's events, kept after removals (replay,
 * NDJSON export and per-bet history read them). Rows are only ever added. A stream is noted at
 * its first event, so nothing has to remember which streams were seen; an `email-` stream also
 * at a later one, since after a release another user can reserve the address.
 */
export const noteStream = (state: UserState, event: RecordedEvent): void => {
  if (event.revision === 0n || isSharedStream(event.streamId)) state.dirty.streams.add(event.streamId);
};

/**
 * An `email-` stream can be noted again (for another user, or the same one after a reload), so
 * its row is upserted; any other stream is noted once, at its first event, so its row is new.
 */
export const isSharedStream = (streamId: string): boolean => streamId.startsWith('email-');
