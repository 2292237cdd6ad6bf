import { sql, type QueryCreator, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { foldHistoryText, historyPeriodStart, type HistoryFilters } from '@bt/contracts';
import type { Database } from '@bt/read-models';

/*
 * Bet History's filters in SQL, exactly as contracts' `filterHistoryRows` applies them (the history
 * pages, their totals and the CSV export read through this one function). Text is compared folded:
 * `lower(x collate "C")` folds ASCII letters only, as `foldHistoryText` does.
 */

export type BetsSelect = SelectQueryBuilder<Database, 'bets', object>;

/** The C-collated, ASCII-folded form of a text column (Postgres' lower() under "C" folds only A-Z). */
export const folded = (column: string): RawBuilder<string> => sql<string>`lower(${sql.ref(column)} collate "C")`;

/** A LIKE pattern for a substring, its wildcards and escape character escaped. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A search in the event, sport, notes, book, league and tags, each arm the form the trigram index
 * (bets_history_search) answers. Tags are looked for in the index's JSON text of the list first (the
 * search as JSON escapes it, so no tag that holds it is missed), then tag by tag.
 */
const searched = (search: string): RawBuilder<boolean> => {
  const pattern = containing(search);
  const inTagsJson = containing(JSON.stringify(search).slice(1, -1));
  const inAnyTag = sql<boolean>`exists (select 1 from jsonb_array_elements_text(tags) as t(tag) where lower(t.tag collate "C") like ${pattern})`;
  return sql<boolean>`(${sql.join(
    [
      ...['event', 'sport', 'notes', 'book', 'league'].map((column) => sql`${folded(column)} like ${pattern}`),
      sql`(lower(tags::text collate "C") like ${inTagsJson} and ${inAnyTag})`,
    ],
    sql` or `,
  )})`;
};

/** Whether the analytics read models can count what the filters keep: no search, book or tag. */
export const countable = (filters: HistoryFilters): boolean =>
  foldHistoryText(filters.search.trim()) === '' && filters.book === 'all' && filters.tag === 'all';

/** The rows Bet History keeps: parlay members hidden, then the filters. */
export const filteredBets = (from: QueryCreator<Database>, userId: string, filters: HistoryFilters, today: string): BetsSelect => {
  let select = from.selectFrom('bets').where('user_id', '=', userId).where('is_part_of_parlay', '=', false) as BetsSelect;
  const search = foldHistoryText(filters.search.trim());
  if (search !== '') select = select.where(searched(search));
  if (filters.sport !== 'all') select = select.where('sport', '=', filters.sport);
  if (filters.type !== 'all') select = select.where('kind', '=', filters.type);
  if (filters.outcome !== 'all') select = select.where('outcome', '=', filters.outcome);
  if (filters.book !== 'all') select = select.where(sql<boolean>`${folded('book')} = ${foldHistoryText(filters.book)}`);
  if (filters.tag !== 'all') {
    const tag = foldHistoryText(filters.tag);
    select = select.where(
      sql<boolean>`exists (select 1 from jsonb_array_elements_text(tags) as t(tag) where lower(t.tag collate "C") = ${tag})`,
    );
  }
  const since = historyPeriodStart(filters.period, today);
  if (since !== null) select = select.where('date', '>=', since);
  return select;
};
