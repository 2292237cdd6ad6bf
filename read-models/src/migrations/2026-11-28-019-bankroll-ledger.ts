import { sql, type Kysely } from 'kysely';

/**
 * The bankroll ledger (bankroll_entries) and the bankroll's adjustments to a counted balance. Read
 * models built before it gain them empty; `npm run projections:rebuild` fills the ledger from the
 * log. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`alter table ${sql.id(schema, 'bankroll')} add column adjustments numeric not null default 0, add column version integer`.execute(
    db,
  );
  await sql`create table ${sql.id(schema, 'bankroll_entries')} (
    user_id uuid not null,
    id text not null,
    revision integer not null,
    kind text not null,
    amount numeric not null,
    counted_balance numeric,
    note text,
    created_at timestamptz not null,
    undone_at timestamptz,
    primary key (user_id, id))`.execute(db);
}
