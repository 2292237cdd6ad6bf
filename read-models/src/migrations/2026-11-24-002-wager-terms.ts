import { sql, type Kysely } from 'kysely';

/**
 * Issue 11 (books, leagues, tags, odds in any format, closing-line value, void, cash-out, bonus
 * bets, units): the columns `bets`, `parlays` and `user_stats` gained. Rows projected before it get
 * neutral values (no book, no tags, no close, no units; `stake_at_risk` the stake of a settled row,
 * which is what it was before void and bonus bets existed); the decimal prices and the new sums are
 * only right after `npm run projections:rebuild`, which derives every column from the events
 * (README "Deploying"). Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const statements = [
    sql`alter table ${t('bets')}
      add column book text,
      add column league text,
      add column tags jsonb not null default '[]',
      add column decimal_odds double precision not null default 1,
      add column closing_odds text,
      add column clv double precision,
      add column bonus_bet boolean not null default false,
      add column cash_out_amount numeric,
      add column unit_size numeric,
      add column units double precision,
      add column profit_units double precision,
      add column stake_at_risk numeric not null default 0`,
    sql`update ${t('bets')} set stake_at_risk = stake where outcome <> 'pending'`,
    sql`alter table ${t('parlays')}
      add column book text,
      add column tags jsonb not null default '[]',
      add column closing_odds text,
      add column clv double precision,
      add column bonus_bet boolean not null default false,
      add column cash_out_amount numeric,
      add column unit_size numeric,
      add column units double precision,
      add column profit_units double precision,
      add column stake_at_risk numeric not null default 0`,
    sql`update ${t('parlays')} set stake_at_risk = stake where outcome <> 'pending'`,
    sql`alter table ${t('user_stats')}
      add column voids integer not null default 0,
      add column cashouts integer not null default 0,
      add column odds_count integer not null default 0,
      add column decimal_odds_sum_e4 double precision not null default 0,
      add column units_count integer not null default 0,
      add column profit_units_sum numeric not null default 0,
      add column clv_count integer not null default 0,
      add column clv_sum numeric not null default 0,
      add column clv_beats integer not null default 0`,
  ];
  for (const statement of statements) await statement.execute(db);
}
