import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { type BetsPage, type BetsQuery, foldHistoryText, historyPaging, historyPeriodStart, type HistorySortKey } from '@bt/contracts';
import type { Database } from '@bt/projector';
import { readModels, type ReadDatabase } from '../read-db';
import { betRowFromTable } from './get-bets';

/*
 * GET /api/bets?page=: one page of Bet History computed in SQL, exactly as contracts' `historyPage`
 * computes it from the whole list (get-bets-page.int.test.ts checks the two agree). Text columns
 * sort by `lower(x collate "C")`: ASCII case folded, then by code point, like `compareHistoryText`.
 */

type BetsSelect = SelectQueryBuilder<Database, 'bets', object>;

/** The C-collated, ASCII-folded form of a text column (Postgres' lower() under "C" folds only A-Z). */
const folded = (column: string): RawBuilder<string> => sql<string>`lower(${sql.ref(column)} collate "C")`;

/** The rows Bet History keeps: parlay members hidden, then the query's filters. */
const filtered = (db: Kysely<ReadDatabase>, userId: string, query: BetsQuery, today: string): BetsSelect => {
  let select = readModels(db).selectFrom('bets').where('user_id', '=', userId).where('is_part_of_parlay', '=', false) as BetsSelect;
  const search = foldHistoryText(query.q.trim());
  if (search !== '') {
    select = select.where(sql<boolean>`(strpos(${folded('event')}, ${search}) > 0 or strpos(${folded('sport')}, ${search}) > 0)`);
  }
  if (query.sport !== 'all') select = select.where('sport', '=', query.sport);
  if (query.type !== 'all') select = select.where('kind', '=', query.type);
  if (query.outcome !== 'all') select = select.where('outcome', '=', query.outcome);
  if (query.book !== undefined && query.book !== 'all')
    select = select.where(sql<boolean>`${folded('book')} = ${foldHistoryText(query.book)}`);
  if (query.tag !== undefined && query.tag !== 'all') {
    const tag = foldHistoryText(query.tag);
    select = select.where(
      sql<boolean>`exists (select 1 from jsonb_array_elements_text(tags) as t(tag) where lower(t.tag collate "C") = ${tag})`,
    );
  }
  const since = historyPeriodStart(query.period, today);
  if (since !== null) select = select.where('date', '>=', since);
  return select;
};

/** The ORDER BY of a sort key in a direction (contracts' compareBy), before the newest-first tie-break. */
const sortColumns = (key: HistorySortKey, dir: 'asc' | 'desc'): RawBuilder<unknown>[] => {
  const d = sql.raw(dir);
  switch (key) {
    case 'date':
      return [sql`date ${d}`, sql`created_at ${d}`];
    case 'odds':
      return [sql`decimal_odds ${d}`];
    case 'clv':
      // No close sorts below every close (-Infinity in contracts).
      return [dir === 'asc' ? sql`clv asc nulls first` : sql`clv desc nulls last`];
    case 'book':
      return [sql`lower(coalesce(book, '') collate "C") ${d}`];
    case 'stake':
      return [sql`stake ${d}`];
    case 'profit':
      return [sql`profit ${d}`];
    case 'sport':
      return [sql`${folded('sport')} ${d}`];
    case 'event':
      return [sql`${folded('event')} ${d}`];
    case 'betType':
      return [sql`${folded('bet_type')} ${d}`];
    case 'outcome':
      return [sql`${folded('outcome')} ${d}`];
    default: {
      const never: never = key;
      throw new Error(`Unknown sort key ${String(never)}`);
    }
  }
};

/** The analytics read models' counter of each outcome. */
const OUTCOME_COUNTERS = { win: 'wins', loss: 'losses', push: 'pushes', void: 'voids', cashout: 'cashouts', pending: 'pending' } as const;

/**
 * How many rows the filters keep, from the analytics read models (by sport: each history row once,
 * a parlay under 'parlay', with its outcome counted) when only sport, type, outcome and period
 * filter: a sum over a few keys (and, for a period, its days) instead of a count over every row,
 * which costs tens of ms for a 100,000-bet history. Undefined when a search, book or tag filters.
 */
const countFromAnalytics = async (
  db: Kysely<ReadDatabase>,
  userId: string,
  query: BetsQuery,
  today: string,
): Promise<number | undefined> => {
  if (foldHistoryText(query.q.trim()) !== '' || (query.book ?? 'all') !== 'all' || (query.tag ?? 'all') !== 'all') return undefined;
  const since = historyPeriodStart(query.period, today);
  // The two tables share the figures' columns: the day table is read through the totals' type.
  let select =
    since === null
      ? readModels(db).selectFrom('analytics_totals').where('user_id', '=', userId)
      : (readModels(db)
          .selectFrom('analytics_daily')
          .where('user_id', '=', userId)
          .where('date', '>=', since) as unknown as SelectQueryBuilder<Database, 'analytics_totals', object>);
  select = select.where('dimension', '=', 'sport');
  if (query.sport !== 'all') select = select.where('key', '=', query.sport);
  if (query.type === 'parlay') select = select.where('key', '=', 'parlay');
  if (query.type === 'bet') select = select.where('key', '<>', 'parlay');
  const counter = query.outcome === 'all' ? 'bets' : OUTCOME_COUNTERS[query.outcome];
  const row = await select.select((eb) => eb.fn.sum<string | null>(counter).as('total')).executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
};

const NEWEST_FIRST = [sql`date desc`, sql`created_at desc`, sql`id desc`];

/** One page of Bet History for `query.page` (clamped into range, as the web's pager does). */
export async function getBetsPage(
  db: Kysely<ReadDatabase>,
  userId: string,
  query: BetsQuery & { page: number },
  today: string,
): Promise<BetsPage> {
  const { pageSize } = query;
  const readPage = async (page: number) => {
    const order = sql.join([...sortColumns(query.sort, query.dir), ...NEWEST_FIRST]);
    // The page's ids first (from the sort column's index alone, however deep the page), then its rows.
    const ids = filtered(db, userId, query, today)
      .select('id')
      .orderBy(sql`${order}`)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const rows = await readModels(db)
      .selectFrom('bets')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy(sql`${order}`)
      .execute();
    return rows.map(betRowFromTable);
  };
  const counting = countFromAnalytics(db, userId, query, today).then(
    async (counted) =>
      counted ??
      Number(
        (
          await filtered(db, userId, query, today)
            .select((eb) => eb.fn.countAll<string>().as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      ),
  );
  // The page asked for and the count at once; a page past the end reads the last one after.
  const [asked, total] = await Promise.all([readPage(query.page), counting]);
  const { page } = historyPaging(total, query.page, pageSize);
  const items = page === query.page ? asked : await readPage(page);
  return { items, total, page, pageSize };
}
