import { sql, type Kysely } from 'kysely';

/**
 * Issue 12 (GET /api/analytics): analytics_daily, per user, dimension, group key and bet date,
 * analytics_monthly, the same per month of the bet date, and analytics_totals, over all dates. Read models built before it gain them empty;
 * `npm run projections:rebuild` fills them from the log. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const figures = sql`bets integer not null,
      wins integer not null,
      losses integer not null,
      pushes integer not null,
      pending integer not null,
      voids integer not null,
      cashouts integer not null,
      staked numeric not null,
      profit numeric not null,
      units_count integer not null,
      units_sum numeric not null,
      odds_count integer not null,
      decimal_odds_sum_e4 double precision not null,
      clv_count integer not null,
      clv_sum numeric not null`;
  await sql`create table ${t('analytics_daily')} (
      user_id uuid not null,
      dimension text not null,
      key text not null,
      date date not null,
      ${figures},
      primary key (user_id, dimension, date, key))`.execute(db);
  await sql`create table ${t('analytics_monthly')} (
      user_id uuid not null,
      dimension text not null,
      key text not null,
      month text not null,
      ${figures},
      primary key (user_id, dimension, month, key))`.execute(db);
  await sql`create table ${t('analytics_totals')} (
      user_id uuid not null,
      dimension text not null,
      key text not null,
      ${figures},
      primary key (user_id, dimension, key))`.execute(db);
}
