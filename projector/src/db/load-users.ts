import { CompiledQuery, sql, type Kysely } from 'kysely';
import { type Database, LOADED, newUserState, TABLES, type UserState } from '@bt/read-models';

/** Rows a paced load (see loadUserStates) takes from a table at a time. */
const PACED_ROWS = 1_000;

type Loaded = { owner: string; rows: Record<string, unknown>[]; load: (typeof LOADED)[number]['load']; projected: boolean };

/**
 * Loads users' projection state from the tables of `schema` (live projection touching a user for
 * the first time, or a rebuild resuming): every table a read model is loaded from (projections/
 * index.ts), each row by the column its declaration names as its owner, handed to its read model.
 * A user without a `user_stats` row has never been projected (the one-per-user rows are written by
 * their first take): they get a new state, and any rows of theirs elsewhere are ignored.
 *
 * With `turn` (a release beside the live batches, in a transaction), each table is read through a
 * cursor, PACED_ROWS rows at a time, each after a turn: a held user's 20,000 bets read at once
 * held every live batch back for 70-170 ms (the `fairness` bench).
 */
export async function loadUserStates(
  db: Kysely<Database>,
  schema: string,
  userIds: readonly string[],
  turn?: () => Promise<void>,
): Promise<Map<string, UserState>> {
  const states = new Map<string, UserState>();
  if (userIds.length === 0) return states;
  const s = db.withSchema(schema);
  const ids = [...userIds];
  const select = (table: (typeof LOADED)[number]['table']) =>
    s
      .selectFrom(table)
      .selectAll()
      .where(sql<boolean>`${sql.ref(TABLES[table].owner)} = any(${ids}::uuid[])`);
  const tables: Loaded[] = turn
    ? await pacedLoad(db, turn, select)
    : await Promise.all(
        LOADED.map(async ({ table, load }) => {
          const rows = await select(table).execute();
          return { owner: TABLES[table].owner, rows: rows as Record<string, unknown>[], load, projected: table === 'user_stats' };
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

/** Every loaded table, one after the other, through a cursor (in the caller's transaction), a page after each turn. */
async function pacedLoad(
  db: Kysely<Database>,
  turn: () => Promise<void>,
  select: (table: (typeof LOADED)[number]['table']) => { compile(): CompiledQuery },
): Promise<Loaded[]> {
  const tables: Loaded[] = [];
  for (const { table, load } of LOADED) {
    const { sql: text, parameters } = select(table).compile();
    await turn();
    await db.executeQuery(CompiledQuery.raw(`declare paced_load no scroll cursor for ${text}`, [...parameters]));
    const rows: Record<string, unknown>[] = [];
    for (;;) {
      const page = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`fetch ${PACED_ROWS} from paced_load`));
      rows.push(...page.rows);
      if (page.rows.length < PACED_ROWS) break;
      await turn();
    }
    await db.executeQuery(CompiledQuery.raw('close paced_load'));
    tables.push({ owner: TABLES[table].owner, rows, load, projected: table === 'user_stats' });
  }
  return tables;
}
