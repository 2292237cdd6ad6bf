import type { RecordedEvent } from '@bt/event-store';
import type { UserStreamRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import type { UserState } from '../../fold/state';
import { user_streams as userStreamsTable } from './table';

/**
 * An `email-` stream can be noted again (for another user, or the same one after a reload), so
 * its row is upserted; any other stream is noted once, at its first event, so its row is new.
 */
export const isSharedStream = (streamId: string): boolean => streamId.startsWith('email-');

/** Notes the stream of any of the user's events. */
const noteStream = (state: UserState, event: RecordedEvent): void => {
  if (event.revision === 0n || isSharedStream(event.streamId)) state.userStreams.add(event.streamId);
};

/**
 * `user_streams`: every stream holding one of the user's events, kept after removals (replay,
 * NDJSON export and per-bet history read them). It reads every event of the user, whatever its
 * type (`sees`), and rows are only ever added. A stream is noted at its first event, so
 * nothing has to remember which streams were seen; an `email-` stream also at a later one, since
 * after a release another user can reserve the address. Never loaded: nothing is derived from it.
 */
export const userStreamsProjection: ReadModel<'userStreams', typeof userStreamsTable, Set<string>, UserStreamRow[]> = {
  name: 'userStreams',
  table: userStreamsTable,
  version: 1,
  initial: () => new Set<string>(),
  loaded: false,
  sees: noteStream,
  reads: {},
  rowSet: (state) => ({
    take(changes) {
      for (const stream_id of state.userStreams) {
        (isSharedStream(stream_id) ? changes.user_streams.upserts : changes.user_streams.inserts).push({
          user_id: state.userId,
          stream_id,
        });
      }
      state.userStreams.clear();
    },
    load: () => undefined,
  }),
  replay: (state) => [...state.userStreams].sort().map((stream_id) => ({ user_id: state.userId, stream_id })),
};
