import { sql, type Kysely } from 'kysely';

/**
 * parlays.date_set: whether the bettor chose the parlay's date (else it is its latest leg's date).
 * Rows projected before it read as chosen (their date as it stood); a rebuild re-dates them from
 * their events (contracts' upcastEvent). Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`alter table ${sql.id(schema, 'parlays')} add column date_set boolean not null default true`.execute(db);
}
