import type { UserRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow } from '../../fold/row-sets';
import { users as usersTable } from './table';

/** `users`: who the account is, for GET /api/auth/me. Passwords never reach a read model. */
export const usersProjection: ReadModel<'user', typeof usersTable, OneRow<'users'>, UserRow | null> = {
  name: 'user',
  table: usersTable,
  version: 1,
  initial: () => new OneRow(usersTable, null),
  reads: {
    UserRegistered(state, { data }, at) {
      state.user.put({ id: data.userId, email: data.email, username: data.username ?? null, created_at: at, updated_at: at });
    },
    EmailChanged(state, { data }, at) {
      const user = state.user.row;
      if (!user) return;
      state.user.put({ ...user, email: data.email, updated_at: at });
    },
  },
  rowSet: (state) => state.user,
  replay: (state) => state.user.row,
};
