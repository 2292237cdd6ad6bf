import { sql } from 'kysely';
import { createDb } from '@bt/platform';
import { logTables } from '@bt/query-api';

/**
 * What an attacker with the database could do to the transparency log: set a committed field of
 * every leaf of a pick to another value in Postgres (the served proofs then show it, and any
 * verifier must refuse them). For tampering tests only.
 */
export const alterCommittedField = async (databaseUrl: string, pickId: string, field: string, value: string): Promise<number> => {
  const { db, pool } = createDb(databaseUrl, 1);
  try {
    const changed = await logTables(db)
      .updateTable('leaves')
      .set({ fields: sql`jsonb_set(fields, ${sql.lit(`{${field}}`)}, ${JSON.stringify(value)}::jsonb)` })
      .where('pick_id', '=', pickId)
      .executeTakeFirst();
    return Number(changed.numUpdatedRows);
  } finally {
    await pool.end();
  }
};
