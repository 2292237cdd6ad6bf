import type { UserRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { OneRow } from '../../fold/row-sets';

/** `users`: who the account is, for GET /api/auth/me. Passwords never reach a read model. */
export const usersProjection: ReadModel<'user', OneRow<'users'>, UserRow | null> = {
  name: 'user',
  table: 'users',
  initial: () => new OneRow('users', null),
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
