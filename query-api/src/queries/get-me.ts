import type { Kysely } from 'kysely';
import type { User } from '@bt/contracts';
import { UnauthorizedError } from '@bt/platform/http/errors';
import type { UserRow } from '@bt/projector/db/schema';
import { iso, readModels, type ReadDatabase } from '../read-db';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  username: row.username,
  createdAt: iso(row.created_at),
});

/** GET /api/auth/me. A token whose user does not exist is not a session: 401, so the client logs out. */
export async function getMe(db: Kysely<ReadDatabase>, userId: string): Promise<User> {
  const row = await readModels(db).selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw new UnauthorizedError();
  return toUser(row);
}
