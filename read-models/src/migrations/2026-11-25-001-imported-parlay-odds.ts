import { sql, type Kysely } from 'kysely';

/**
 * parlays.imported_total_odds: an imported parlay's own total odds (ParlayCreated `totalOdds`, event
 * version 4); its legs carry no prices. Every row projected before it was priced from its legs:
 * null. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`alter table ${sql.id(schema, 'parlays')} add column imported_total_odds text`.execute(db);
}
