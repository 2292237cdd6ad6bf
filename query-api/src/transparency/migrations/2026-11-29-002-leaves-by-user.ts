import { sql, type Kysely } from 'kysely';

/**
 * A user's leaves in log order, without a scan of everyone's: what a profile's proofs read each time
 * the log moves on, and what an erasure blanks. Frozen.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create index on ${sql.id(schema, 'leaves')} (user_id, index)`.execute(db);
}
