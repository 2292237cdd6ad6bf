import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/** GET /api/auth/me. */
export const users = table('users', {
  owner: 'id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    email: col.text(),
    username: col.text().orNull(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
});

export type UserRow = Selectable<TableType<typeof users>>;
