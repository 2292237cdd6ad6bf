import { sql, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import { type BetsPage, type BetsQuery, historyFiltersOf, historyPaging, historyPeriodStart, type HistorySortKey } from '@bt/contracts';
import { type Database } from '@bt/read-models';
import { readModels, type ReadDatabase } from '../read-db';
import { analyticsGroups, selectGroups, type AnalyticsSelect } from './analytics-groups';
import { betRowFromTable } from './bet-row';
import { type BetsSelect, countable, filteredBets, folded } from './history-filter';

/*
 * GET /api/bets?page=: one page of Bet History computed in SQL, exactly as contracts' `historyPage`
 * computes it from the whole list (get-bets-page.int.test.ts checks the two agree). Text columns
 * sort by `lower(x collate "C")`: ASCII case folded, then by code point, like `compareHistoryText`.
 */

/** The rows Bet History keeps for a paged query. */
const filtered = (from: QueryCreator<Database>, userId: string, query: BetsQuery, today: string): BetsSelect =>
  filteredBets(from, userId, historyFiltersOf(query), today);

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

type Counter = 'bets' | (typeof OUTCOME_COUNTERS)[keyof typeof OUTCOME_COUNTERS];

/**
 * The analytics groups (dimension sport: each history row once, a parlay under 'parlay', with its
 * outcome counted) the sport and type filters keep, and the counter of the outcome filter.
 */
export const sportGroups = (
  select: AnalyticsSelect,
  query: Pick<BetsQuery, 'sport' | 'type' | 'outcome'>,
): { select: AnalyticsSelect; counter: Counter } => {
  let groups = select.where('dimension', '=', 'sport');
  if (query.sport !== 'all') groups = groups.where('key', '=', query.sport);
  if (query.type === 'parlay') groups = groups.where('key', '=', 'parlay');
  if (query.type === 'bet') groups = groups.where('key', '<>', 'parlay');
  return { select: groups, counter: query.outcome === 'all' ? 'bets' : OUTCOME_COUNTERS[query.outcome] };
};

/** The user's analytics groups of sport (each history row once) from `since`: per day, or over all days (null). */
export const sportGroupsSince = (db: Kysely<ReadDatabase>, userId: string, since: string | null): AnalyticsSelect =>
  since === null
    ? selectGroups(db, 'analytics_totals', ['sport'], userId)
    : selectGroups(db, 'analytics_daily', ['sport'], userId).where('date', '>=', since);

/**
 * How many rows the filters keep, from the analytics read models when only sport, type, outcome
 * and period filter: a sum over a few keys (and, for a period, its days) instead of a count over
 * every row, which costs tens of ms for a 100,000-bet history. Undefined when a search, book or tag filters.
 */
const countFromAnalytics = async (
  db: Kysely<ReadDatabase>,
  userId: string,
  query: BetsQuery,
  today: string,
): Promise<number | undefined> => {
  if (!countable(historyFiltersOf(query))) return undefined;
  const since = historyPeriodStart(query.period, today);
  const { select, counter } = sportGroups(sportGroupsSince(db, userId, since), query);
  const row = await select.select((eb) => eb.fn.sum<string | null>(counter).as('total')).executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
};

/** From how many rows before it a date-ordered page is found by month and day rather than by skipping every row. */
const DAY_SKIP_FROM = 1000;

/**
 * A deep page in date order, found by month and day (a keyset on the date, internally), from the
 * analytics read models' counts: the months' running counts from the newest month (the oldest,
 * ascending) give the month the page starts in, that month's days the day, and how many rows come
 * before that day. The page then reads from that day on and skips only that day's rows before it:
 * a late page costs a few hundred small rows (a month per group, then a month's days) and one
 * day's index entries, not every entry before it. A period's first month is partial: it is read
 * by its days after the whole months. The query answers that day and the rows before it, or no
 * row past the end. Null when the analytics read models cannot count the filters, for another
 * sort, and ascending within a period (it would start in the partial month).
 */
const dayOfOffset = (
  userId: string,
  query: BetsQuery,
  today: string,
  offset: number,
): RawBuilder<{ date: string; before: number }> | null => {
  const since = historyPeriodStart(query.period, today);
  if (query.sort !== 'date' || !countable(historyFiltersOf(query)) || (since !== null && query.dir === 'asc')) return null;
  const d = sql.raw(query.dir);
  const counter = sql.ref(query.outcome === 'all' ? 'bets' : OUTCOME_COUNTERS[query.outcome]);
  const keys = [sql`user_id = ${userId}`, sql`dimension = 'sport'`];
  if (query.sport !== 'all') keys.push(sql`key = ${query.sport}`);
  if (query.type === 'parlay') keys.push(sql`key = 'parlay'`);
  if (query.type === 'bet') keys.push(sql`key <> 'parlay'`);
  const groups = sql.join(keys, sql` and `);
  // Only whole months count by month: within a period, the months after its first day's.
  const wholeMonths = since === null ? sql`true` : sql`month > ${since.slice(0, 7)}`;
  // Past the whole months, a period's first month, after every row of the whole months.
  const firstMonth =
    since === null
      ? sql``
      : sql`union all select 1, to_date(${since.slice(0, 7)}, 'YYYY-MM'), coalesce((select max(through) from months), 0)`;
  const days = since === null ? sql`true` : sql`date >= ${since}`;
  const monthly = sql`${analyticsGroups('analytics_monthly', ['sport'])} as monthly`;
  const daily = sql`${analyticsGroups('analytics_daily', ['sport'])} as daily`;
  // In parentheses: Kysely writes a raw common table expression as it is.
  return sql`(
    with months as (
      select month, sum(${counter}) over (order by month ${d}) as through,
        sum(${counter}) over (order by month ${d} range between current row and current row) as n
      from ${monthly} where ${groups} and ${wholeMonths}
    ), landing as (
      select starts, before from (
        (select 0 as fallback, to_date(month, 'YYYY-MM') as starts, through - n as before from months
          where through > ${offset} order by month ${d} limit 1)
        ${firstMonth}
      ) as candidates order by fallback limit 1
    ), landing_days as (
      select date, landing.before + sum(${counter}) over (order by date ${d}) as through,
        sum(${counter}) over (order by date ${d} range between current row and current row) as n
      from ${daily}, landing
      where ${groups} and ${days} and date >= landing.starts and date < landing.starts + interval '1 month'
    )
    select date, through - n as before from landing_days where through > ${offset} order by date ${d} limit 1)`;
};

const NEWEST_FIRST = [sql`date desc`, sql`created_at desc`, sql`id desc`];

/** One page of Bet History for `query.page` (clamped into range, as the web's pager does). */
export async function getBetsPage(
  db: Kysely<ReadDatabase>,
  userId: string,
  query: BetsQuery & { page: number },
  today: string,
  /** From which offset a date-ordered page is found by day (tests lower it to cover that path on a short history). */
  options: { daySkipFrom?: number } = {},
): Promise<BetsPage> {
  const { pageSize } = query;
  const readPage = async (page: number) => {
    const order = sql.join([...sortColumns(query.sort, query.dir), ...NEWEST_FIRST]);
    // The page's ids first (from the sort column's index alone), then its rows.
    const offset = (page - 1) * pageSize;
    const skip = offset >= (options.daySkipFrom ?? DAY_SKIP_FROM) ? dayOfOffset(userId, query, today, offset) : null;
    let ids: BetsSelect;
    if (skip === null) ids = filtered(readModels(db), userId, query, today).offset(offset);
    else {
      // From the page's first day on, skipping the rows of that day before it (no such day: past the end, no row).
      const from = readModels(db).with('history_skip(date, before)', () => skip) as unknown as QueryCreator<Database>;
      ids = filtered(from, userId, query, today)
        .where('date', query.dir === 'desc' ? '<=' : '>=', sql<string>`(select date from history_skip)`)
        .offset(sql<number>`${offset} - (select before from history_skip)`);
    }
    const pageIds = ids
      .select('id')
      .orderBy(sql`${order}`)
      .limit(pageSize);
    const rows = await readModels(db)
      .selectFrom('bets')
      .selectAll()
      .where('id', 'in', pageIds)
      .orderBy(sql`${order}`)
      .execute();
    return rows.map(betRowFromTable);
  };
  const counting = countFromAnalytics(db, userId, query, today).then(
    async (counted) =>
      counted ??
      Number(
        (
          await filtered(readModels(db), userId, query, today)
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
