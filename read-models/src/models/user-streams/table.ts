import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/**
 * Which streams hold a user's events (user-, email-, bet-, parlay-, bankroll-, goal-, journal-),
 * kept after the thing is removed. An `email-` stream can also hold another user's events after
 * the address was released: filter its events by `data.userId`.
 */
export const user_streams = table('user_streams', {
  owner: 'user_id',
  key: ['user_id', 'stream_id'],
  columns: {
    user_id: col.uuid(),
    stream_id: col.text(),
  },
});

export type UserStreamRow = Selectable<TableType<typeof user_streams>>;
