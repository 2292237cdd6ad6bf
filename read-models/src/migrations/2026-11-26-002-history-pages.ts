import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 (GET /api/bets?page=): indexes for Bet History's pages, so a page of a 100,000-bet
 * history costs about what a page of a short one does. One per sort column, leading with the user,
 * over the rows history shows (no parlay members), in the column's descending order (a new column
 * starts descending) and then newest first, which is exactly query-api's ORDER BY; ascending reads
 * one backwards and re-sorts only each run of equal values. Text columns are ordered as contracts'
 * compareHistoryText orders them: `lower(x collate "C")`. Query-api reads a page's ids from the
 * index, then those rows. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const bets = sql.id(schema, 'bets');
  const sortColumns: [string, string][] = [
    // Also carries the columns the type, sport, outcome and search filters read, so a filtered
    // page and its count scan this index alone (no table rows) on the default order.
    ['date', 'date desc, created_at desc, id desc) include (kind, sport, outcome, event'],
    ['profit', 'profit desc, date desc, created_at desc, id desc'],
    ['stake', 'stake desc, date desc, created_at desc, id desc'],
    ['odds', 'decimal_odds desc, date desc, created_at desc, id desc'],
    ['clv', 'clv desc nulls last, date desc, created_at desc, id desc'],
    ['event', 'lower(event collate "C") desc, date desc, created_at desc, id desc'],
    ['sport', 'lower(sport collate "C") desc, date desc, created_at desc, id desc'],
    ['bet_type', 'lower(bet_type collate "C") desc, date desc, created_at desc, id desc'],
    ['outcome', 'lower(outcome collate "C") desc, date desc, created_at desc, id desc'],
    ['book', 'lower(coalesce(book, \'\') collate "C") desc, date desc, created_at desc, id desc'],
  ];
  for (const [name, columns] of sortColumns) {
    await sql`create index ${sql.id(`bets_history_${name}`)} on ${bets} (user_id, ${sql.raw(columns)})
      where not is_part_of_parlay`.execute(db);
  }
}
