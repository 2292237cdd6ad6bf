import { sql, type Kysely } from 'kysely';

/**
 * Issue 36: analytics_daily holds one row per user and bet date, each breakdown dimension's groups
 * of that day in a column of its own (the JSON text of [key, ...figures] tuples, money in cents),
 * instead of a row per dimension, key and date (about eight per bet, most of a rebuild's rows). Its
 * old rows are dropped: the read model's version (2) makes a projector rebuild it from the log.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`drop table ${sql.id(schema, 'analytics_daily')}`.execute(db);
  await sql`create table ${sql.id(schema, 'analytics_daily')} (
      user_id uuid not null,
      date date not null,
      sport text,
      league text,
      book text,
      bet_type text,
      tag text,
      odds_range text,
      weekday text,
      stake_size text,
      stake text,
      primary key (user_id, date))`.execute(db);
}
