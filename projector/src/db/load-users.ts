import { sql, type Kysely } from 'kysely';
import { type Database, LOADED, newUserState, TABLES, type UserState } from '@bt/read-models';

/**
 * Loads users' projection state from the tables of `schema` (live projection touching a user for
 * the first time, or a rebuild resuming): every table a read model is loaded from (projections/
 * index.ts), each row by the column its declaration names as its owner, handed to its read model.
 * A user without a `user_stats` row has never been projected (the one-per-user rows are written by
 * their first take): they get a new state, and any rows of theirs elsewhere are ignored.
 */
export async function loadUserStates(db: Kysely<Database>, schema: string, userIds: readonly string[]): Promise<Map<string, UserState>> {
  const states = new Map<string, UserState>();
  if (userIds.length === 0) return states;
  const s = db.withSchema(schema);
  const ids = [...userIds];
  const tables = await Promise.all(
    LOADED.map(async ({ table, load }) => {
      const owner = TABLES[table].owner;
      const rows = await s
        .selectFrom(table)
        .selectAll()
        .where(sql<boolean>`${sql.ref(owner)} = any(${ids}::uuid[])`)
        .execute();
      return { owner, rows: rows as Record<string, unknown>[], load, projected: table === 'user_stats' };
    }),
  );

  const projected = new Set<string>();
  for (const { owner, rows, projected: marks } of tables) if (marks) for (const row of rows) projected.add(row[owner] as string);
  for (const id of userIds) states.set(id, newUserState(id));
  for (const { owner, rows, load } of tables) {
    for (const row of rows) {
      const userId = row[owner] as string;
      if (projected.has(userId)) load(states.get(userId)!, row);
    }
  }
  return states;
}
