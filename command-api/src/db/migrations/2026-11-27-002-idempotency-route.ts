import { sql, type Kysely } from 'kysely';

/**
 * Each idempotency record names the route that wrote it. Records from before have none: they may be
 * a creating POST's (a bet, a parlay, a goal or a journal entry), which versions since 2026-11-27 no
 * longer record in this table, so the creating POSTs look for such a record while one may be kept
 * (`idempotentCreate`). Frozen.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`alter table ${sql.id(schema, 'idempotency')} add column if not exists route text`.execute(db);
}
