import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 (GET /api/bets?page=): a searched or filtered page of a 100,000-bet history without
 * reading every one of the user's index entries in the period. Frozen once landed.
 *
 * - bets_history_sport_outcome: the sport and outcome filters as an index range, newest first
 *   within them, carrying kind and event so the filtered page and its count (search included) are
 *   read from the index alone.
 * - bets_history_search: the search (`q`, a substring of the event or the sport, any case) as a
 *   trigram index on the folded texts (`lower(x collate "C")`, contracts' foldHistoryText) with the
 *   user, sport and outcome in the same GIN index (btree_gin): the user's rows of that sport and
 *   outcome holding the search's trigrams, rechecked with LIKE. (Postgres guesses a LIKE's trigram
 *   matches low, so it may take this index where the range above is as good: with the filters in
 *   it, it stays narrow either way.) Both extensions ship with Postgres and are trusted (no
 *   superuser needed).
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  // Extensions are per database: two schemas migrating at once (live and a rebuild's shadow) must
  // not both create them.
  await sql`select pg_advisory_xact_lock(hashtext('bt:read-model-extensions'))`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists btree_gin`.execute(db);
  const bets = sql.id(schema, 'bets');
  await sql`create index ${sql.id('bets_history_sport_outcome')} on ${bets}
    (user_id, sport, outcome, date desc, created_at desc, id desc) include (kind, event)
    where not is_part_of_parlay`.execute(db);
  await sql`create index ${sql.id('bets_history_search')} on ${bets} using gin
    (user_id, sport, outcome, lower(event collate "C") gin_trgm_ops, lower(sport collate "C") gin_trgm_ops)
    where not is_part_of_parlay`.execute(db);
}
