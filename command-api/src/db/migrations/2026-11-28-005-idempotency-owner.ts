import { sql, type Kysely } from 'kysely';

/**
 * Which process claimed a pending idempotency record: the number of the advisory lock it holds for
 * its life (shared/process-owner.ts), so a retry after that process died takes the record over at
 * once instead of waiting out the abandon period. Null on records from before, and when the process
 * had no lock. Frozen.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`alter table ${sql.id(schema, 'idempotency')} add column if not exists owner integer`.execute(db);
}
