import { sql, type Kysely } from 'kysely';

/**
 * user_settings: each user's preferences (OddsFormatChosen, UnitSizeSet on `user-{id}`); no row
 * until the user sets one (readers answer the defaults). Read models built before it gain it
 * empty; `npm run projections:rebuild` fills it from the log. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'user_settings')} (
    user_id uuid primary key,
    odds_format text not null,
    unit_size numeric,
    updated_at timestamptz not null)`.execute(db);
}
