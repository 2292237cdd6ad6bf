import type { Projection } from './state';

/** `users`: who the account is, for GET /api/auth/me. Passwords never reach a read model. */
export const usersProjection: Projection = {
  name: 'users',
  handlers: {
    UserRegistered(state, { data }, at) {
      state.user = { id: data.userId, email: data.email, username: data.username ?? null, created_at: at, updated_at: at };
      state.dirty.user = true;
    },
    EmailChanged(state, { data }, at) {
      if (!state.user) return;
      state.user = { ...state.user, email: data.email, updated_at: at };
      state.dirty.user = true;
    },
  },
};
