import { sql, type Kysely } from 'kysely';

/**
 * Issues 34 and 36: analytics_monthly holds one row per user and month, and analytics_totals one
 * per user, each breakdown dimension's groups in a column of its own as analytics_daily's (the JSON
 * text of [key, ...figures] tuples, money in cents), instead of a row per dimension and key (about
 * eight per bet each: most of a live write's rows and of a rebuild's). The `stake` dimension over
 * all dates, which has as many groups as the user has stakes, gets analytics_stakes, a row per
 * stake. The old rows are dropped: the read models' versions (2; analytics_stakes is new) make a
 * projector rebuild them from the log. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const groups = sql`sport text,
      league text,
      book text,
      bet_type text,
      tag text,
      odds_range text,
      weekday text,
      stake_size text`;
  await sql`drop table ${sql.id(schema, 'analytics_monthly')}`.execute(db);
  await sql`create table ${sql.id(schema, 'analytics_monthly')} (
      user_id uuid not null,
      month text not null,
      ${groups},
      stake text,
      primary key (user_id, month))`.execute(db);
  await sql`drop table ${sql.id(schema, 'analytics_totals')}`.execute(db);
  await sql`create table ${sql.id(schema, 'analytics_totals')} (
      user_id uuid primary key,
      ${groups})`.execute(db);
  await sql`create table ${sql.id(schema, 'analytics_stakes')} (
      user_id uuid not null,
      amount text not null,
      stake text not null,
      primary key (user_id, amount))`.execute(db);
}
