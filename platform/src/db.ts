import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// bigint (int8) and numeric come back as JS numbers: counts and cents fit comfortably.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// dates stay YYYY-MM-DD text, not local-time Date objects.
pg.types.setTypeParser(1082, (v) => v);

/** A pg Pool and a kysely instance over it, for one service. */
export const createDb = <DB>(connectionString: string, max = 10): { pool: pg.Pool; db: Kysely<DB> } => {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing the process
  return { pool, db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }) };
};
