import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  addDays,
  addMonths,
  analyticsQuery,
  decimalToAmerican,
  formatAmericanOdds,
  periodRange,
  toCents,
  type Analytics,
  type AnalyticsDimension,
  type AnalyticsQuery,
  type AnalyticsRow,
} from '@bt/contracts';
import { dimensionColumnOf, groupsInRow, READ_SCHEMA, type AnalyticsGroupsRow } from '@bt/read-models';
import type { ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

/*
 * GET /api/analytics from the analytics read models (read-models' models/analytics): the period
 * 'all' reads the user's analytics_totals row (and their analytics_stakes rows for stakeSize); any
 * other period or range sums the analytics_monthly rows of the months it covers whole and the
 * analytics_daily rows of the days left at its ends (a row per period holding its groups): the
 * cost follows the groups and the length of the period, never the number of bets.
 */

/** One group's summed figures as the read models hold them (money and two-decimal figures in dollars). */
export interface AnalyticsFigures {
  dimension: string;
  key: string;
  bets: number;
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  cashouts: number;
  staked: number;
  profit: number;
  units_count: number;
  units_sum: number;
  odds_count: number;
  decimal_odds_sum_e4: number;
  clv_count: number;
  clv_sum: number;
}

/** Rows without a unit size are kept under this dimension by their stake in dollars; stakeSize buckets them by quartile. */
const STAKE_DIMENSION = 'stake';
/**
 * Where every bet counts once, in the fewest groups a day (one: its weekday): the totals are summed
 * from it (a tag breakdown counts a bet once per tag).
 */
const ONCE_EACH = 'weekday';

const percentOneDecimal = (part: number, whole: number): number => Math.round((part / whole) * 1000) / 10 || 0;
const twoDecimals = (n: number): number => Math.round(n * 100) / 100 || 0;

const emptyFigures = (dimension: string, key: string): AnalyticsFigures => ({
  dimension,
  key,
  bets: 0,
  wins: 0,
  losses: 0,
  pushes: 0,
  voids: 0,
  cashouts: 0,
  staked: 0,
  profit: 0,
  units_count: 0,
  units_sum: 0,
  odds_count: 0,
  decimal_odds_sum_e4: 0,
  clv_count: 0,
  clv_sum: 0,
});

const MONEY = ['staked', 'profit', 'units_sum', 'clv_sum'] as const;
const COUNTS = [
  'bets',
  'wins',
  'losses',
  'pushes',
  'voids',
  'cashouts',
  'units_count',
  'odds_count',
  'decimal_odds_sum_e4',
  'clv_count',
] as const;

/** Adds `from` into `to` (money in whole cents, so sums stay exact). */
const addInto = (to: AnalyticsFigures, from: AnalyticsFigures): void => {
  for (const column of COUNTS) to[column] += from[column];
  for (const column of MONEY) to[column] = (toCents(to[column]) + toCents(from[column])) / 100;
};

/** A group's answer row from its sums. */
export const analyticsRowOf = (key: string, f: AnalyticsFigures): AnalyticsRow => ({
  key,
  bets: f.bets,
  wins: f.wins,
  losses: f.losses,
  pushes: f.pushes,
  voids: f.voids,
  cashouts: f.cashouts,
  winRate: f.wins + f.losses > 0 ? percentOneDecimal(f.wins, f.wins + f.losses) : null,
  staked: f.staked,
  profit: f.profit,
  roi: f.staked > 0 ? percentOneDecimal(toCents(f.profit), toCents(f.staked)) : null,
  unitsWon: f.units_count > 0 ? twoDecimals(f.units_sum) : null,
  unitBets: f.units_count,
  averageOdds: f.odds_count > 0 ? formatAmericanOdds(decimalToAmerican(f.decimal_odds_sum_e4 / 10_000 / f.odds_count)) : null,
  averageClv: f.clv_count > 0 ? twoDecimals(f.clv_sum / f.clv_count) : null,
});

const dollars = (amount: number): string => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/**
 * The dollar stake sizes: quartiles of the user's stakes over their whole history (so a group
 * means the same in every period), from the distinct stakes and how many bets have each. Nearest
 * rank: the boundaries are the stakes at ranks ceil(n/4), ceil(n/2) and ceil(3n/4); a stake goes in
 * the first quartile whose boundary it does not pass. Each quartile is named by the smallest and
 * largest stake in it ("$10 to $25", "$50" when it holds one stake); quartiles that share a
 * boundary merge. Returns the key of each stake.
 */
export const stakeQuartiles = (stakes: readonly { stake: number; bets: number }[]): Map<number, string> => {
  const sorted = [...stakes].filter((s) => s.bets > 0).sort((a, b) => a.stake - b.stake);
  const n = sorted.reduce((sum, s) => sum + s.bets, 0);
  const boundaries: number[] = [];
  for (const share of [1, 2, 3]) {
    const rank = Math.ceil((share * n) / 4);
    let seen = 0;
    for (const s of sorted) {
      seen += s.bets;
      if (seen >= rank) {
        boundaries.push(s.stake);
        break;
      }
    }
  }
  const quartileOf = (stake: number) => {
    const i = boundaries.findIndex((b) => stake <= b);
    return i === -1 ? boundaries.length : i;
  };
  const members = new Map<number, number[]>();
  for (const s of sorted) {
    const q = quartileOf(s.stake);
    members.set(q, [...(members.get(q) ?? []), s.stake]);
  }
  const keys = new Map<number, string>();
  for (const list of members.values()) {
    const [low, high] = [list[0], list[list.length - 1]];
    const name = low === high ? dollars(low) : `${dollars(low)} to ${dollars(high)}`;
    for (const stake of list) keys.set(stake, name);
  }
  return keys;
};

const byBetsThenKey = (a: AnalyticsRow, b: AnalyticsRow): number => b.bets - a.bets || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The answer from the period's group sums (`groups`: the dimensions asked for, summed over the
 * period) and, for stakeSize, every stake's bets over all time (`stakes`).
 */
export const buildAnalytics = (
  query: { by: AnalyticsDimension; period: Analytics['period']; from: string | null; to: string | null },
  groups: readonly AnalyticsFigures[],
  stakes: readonly { stake: number; bets: number }[] = [],
): Analytics => {
  const rows = new Map<string, AnalyticsFigures>();
  const totals = emptyFigures(ONCE_EACH, 'Total');
  const quartiles = query.by === 'stakeSize' ? stakeQuartiles(stakes) : undefined;
  for (const group of groups) {
    if (group.dimension === ONCE_EACH) addInto(totals, group);
    let key: string | undefined;
    if (group.dimension === query.by) key = group.key;
    else if (quartiles && group.dimension === STAKE_DIMENSION) key = quartiles.get(Number(group.key)) ?? dollars(Number(group.key));
    if (key === undefined) continue;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = emptyFigures(query.by, key)));
    addInto(row, group);
  }
  return {
    by: query.by,
    period: query.period,
    from: query.from,
    to: query.to,
    rows: [...rows.entries()].map(([key, f]) => analyticsRowOf(key, f)).sort(byBetsThenKey),
    totals: analyticsRowOf('Total', totals),
  };
};

/** The dates a query covers: from/to when given (either or both), else the last N days to today, else every date. */
export const analyticsDates = (query: AnalyticsQuery, today: string): { from: string | null; to: string | null } => {
  if (query.from !== undefined || query.to !== undefined) return { from: query.from ?? null, to: query.to ?? null };
  if (query.period === 'all') return { from: null, to: null };
  return { from: periodRange(query.period, today).start, to: today };
};

/** The last day of a month 'YYYY-MM'. */
const lastDayOf = (month: string): string => addDays(addMonths(`${month}-01`, 1), -1);

/**
 * The months a range covers whole ('YYYY-MM'; null: no bound on that side), or undefined when it
 * covers none: those are read from analytics_monthly, the days outside them from analytics_daily.
 */
export const wholeMonths = (from: string | null, to: string | null): { first: string | null; last: string | null } | undefined => {
  const first = from === null ? null : from.endsWith('-01') ? from.slice(0, 7) : addMonths(`${from.slice(0, 7)}-01`, 1).slice(0, 7);
  const last = to === null ? null : lastDayOf(to.slice(0, 7)) === to ? to.slice(0, 7) : addMonths(`${to.slice(0, 7)}-01`, -1).slice(0, 7);
  return first !== null && last !== null && first > last ? undefined : { first, last };
};

/** GET /api/analytics: one statement (two for stakeSize over a period, which also needs the all-time stakes). */
export async function getAnalytics(db: Kysely<ReadDatabase>, userId: string, query: AnalyticsQuery, today: string): Promise<Analytics> {
  const { from, to } = analyticsDates(query, today);
  const dimensions = [...new Set([query.by, ONCE_EACH, ...(query.by === 'stakeSize' ? [STAKE_DIMENSION] : [])])];
  const all = from === null && to === null;
  const t = (table: string) => sql.id(READ_SCHEMA, table);
  // Each row's groups come as the JSON texts of the dimensions asked for, summed here (buildAnalytics):
  // Postgres parses no JSON (expanding them in SQL tripled a period's read for a 30,000-bet user).
  // analytics_totals has no `stake` column: all-time stakes are analytics_stakes' rows (one group each, in `stake`).
  const rowsOf = (table: string, bounds: RawBuilder<unknown>[], has: (dimension: string) => boolean = () => true) =>
    sql`select ${sql.join(
      dimensions.map((d) => (has(d) ? sql.id(dimensionColumnOf(d)) : sql`null::text as ${sql.id(dimensionColumnOf(d))}`)),
    )} from ${t(table)} where ${sql.join([sql`user_id = ${userId}`, ...bounds], sql` and `)}`;
  const allTime = [
    rowsOf('analytics_totals', [], (d) => d !== STAKE_DIMENSION),
    ...(dimensions.includes(STAKE_DIMENSION) ? [rowsOf('analytics_stakes', [], (d) => d === STAKE_DIMENSION)] : []),
  ];
  const months = wholeMonths(from, to);
  // The days outside the whole months: each end its own range scan (never the whole period filtered).
  const dayRanges: [string | null, string | null][] =
    months === undefined
      ? [[from, to]]
      : [
          ...(from !== null && months.first !== null && from < `${months.first}-01`
            ? [[from, addDays(`${months.first}-01`, -1)] as [string, string]]
            : []),
          ...(to !== null && months.last !== null && to > lastDayOf(months.last)
            ? [[addDays(lastDayOf(months.last), 1), to] as [string, string]]
            : []),
        ];
  const parts = all
    ? allTime
    : [
        ...(months === undefined
          ? []
          : [
              rowsOf('analytics_monthly', [
                ...(months.first === null ? [] : [sql`month >= ${months.first}`]),
                ...(months.last === null ? [] : [sql`month <= ${months.last}`]),
              ]),
            ]),
        ...dayRanges.map(([low, high]) =>
          rowsOf('analytics_daily', [...(low === null ? [] : [sql`date >= ${low}`]), ...(high === null ? [] : [sql`date <= ${high}`])]),
        ),
      ];
  const groupsQuery = sql<AnalyticsGroupsRow>`${sql.join(parts, sql` union all `)}`.execute(db);
  // stakeSize over a period also needs every stake's bets over all time.
  const stakesQuery =
    query.by === 'stakeSize' && !all
      ? sql<AnalyticsGroupsRow>`select stake from ${t('analytics_stakes')} where user_id = ${userId}`.execute(db)
      : undefined;
  const [summed, stakeRows] = await Promise.all([groupsQuery, stakesQuery]);
  const groups = summed.rows.flatMap((row) => groupsInRow(row, dimensions));
  const stakes = (stakeRows === undefined ? groups : stakeRows.rows.flatMap((row) => groupsInRow(row, [STAKE_DIMENSION])))
    .filter((g) => g.dimension === STAKE_DIMENSION)
    .map((g) => ({ stake: Number(g.key), bets: g.bets }));
  return buildAnalytics({ by: query.by, period: query.period, from, to }, groups, stakes);
}

/** GET /api/analytics?by&period&from&to */
export const analyticsRoute: QueryRoute = {
  path: '/analytics',
  answer: ({ db, userId, today }, ctx) => {
    const query = analyticsQuery.parse(ctx.query);
    return getAnalytics(db, userId, query, query.today ?? today());
  },
};
