import type { Kysely } from 'kysely';
import { streams, type User } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { UnauthorizedError } from '@bt/platform';
import type { UserRow } from '@bt/read-models';
import { iso, readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  username: row.username,
  createdAt: iso(row.created_at),
});

/**
 * The user from their own stream, for the moment between registering and the projector reaching
 * it (a reload then carries no X-Min-Position): a valid new session must not look signed out.
 */
const fromStream = async (store: EventStore, userId: string): Promise<User | undefined> => {
  let user: User | undefined;
  for (const event of await store.readStream(streams.user(userId))) {
    const data = event.data as { email: string; username?: string | null };
    if (event.type === 'UserRegistered') {
      user = { id: userId, email: data.email, username: data.username ?? null, createdAt: event.metadata.occurredAt };
    } else if (event.type === 'EmailChanged' && user) {
      user = { ...user, email: data.email };
    }
  }
  return user;
};

/**
 * GET /api/auth/me: from the read model, else (not projected yet) from the user's stream. A token
 * whose user does not exist at all is not a session: 401, so the client logs out.
 */
export async function getMe(db: Kysely<ReadDatabase>, store: EventStore, userId: string): Promise<User> {
  const row = await readModels(db).selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (row) return toUser(row);
  const user = await fromStream(store, userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** GET /api/auth/me */
export const meRoute: QueryRoute = { path: '/auth/me', answer: ({ db, store, userId }) => getMe(db, store, userId) };
