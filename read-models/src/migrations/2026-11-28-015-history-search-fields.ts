import { sql, type Kysely } from 'kysely';

/**
 * Bet History's search (`q`) looks in the notes, book, league and tags too, not only the event and
 * the sport: bets_history_search is built again with those texts in it, folded as before
 * (`lower(x collate "C")`, contracts' foldHistoryText), the user, sport and outcome still in the same
 * GIN index. The tags are indexed as the JSON text of their list (an immutable expression over the
 * row, so every row, old or new, is indexed without a new column); query-api looks for the search
 * there as JSON escapes it, then tag by tag. Every text is the row's own, so a rebuild from the log
 * gives the same index. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const index = sql.id(schema, 'bets_history_search');
  await sql`drop index if exists ${index}`.execute(db);
  await sql`create index ${sql.id('bets_history_search')} on ${sql.id(schema, 'bets')} using gin
    (user_id, sport, outcome,
      lower(event collate "C") gin_trgm_ops, lower(sport collate "C") gin_trgm_ops,
      lower(notes collate "C") gin_trgm_ops, lower(book collate "C") gin_trgm_ops,
      lower(league collate "C") gin_trgm_ops, lower(tags::text collate "C") gin_trgm_ops)
    where not is_part_of_parlay`.execute(db);
}
