import { sql, type Kysely } from 'kysely';
import {
  betsTotalsQuery,
  historyFiltersOf,
  historyPeriodStart,
  toCents,
  totalsOfSums,
  type BetsTotals,
  type HistoryFilters,
  type HistorySums,
} from '@bt/contracts';
import type { QueryRoute } from '../query-route';
import { readModels, type ReadDatabase } from '../read-db';
import { sportGroups, sportGroupsSince } from './get-bets-page';
import { countable, filteredBets } from './history-filter';

/*
 * GET /api/bets/totals: the totals of every row Bet History's filters keep, as contracts'
 * `historyTotals` computes them from the rows (get-bets-totals.int.test.ts checks the two agree).
 * Apart from the page, so paging and sorting never sum again (the client keeps the totals by filters).
 */

/**
 * From the analytics read models when only sport, type and period filter (their sport groups hold
 * each history row once with every figure the totals need): a sum over a few groups (and, for a
 * period, its days) instead of over every row. Undefined for any other filter.
 */
const sumsFromAnalytics = async (
  db: Kysely<ReadDatabase>,
  userId: string,
  filters: HistoryFilters,
  today: string,
): Promise<HistorySums | undefined> => {
  if (!countable(filters) || filters.outcome !== 'all') return undefined;
  const since = historyPeriodStart(filters.period, today);
  const { select } = sportGroups(sportGroupsSince(db, userId, since), filters);
  const sum = (column: string) => sql<number | null>`sum(${sql.ref(column)})`;
  const row = await select
    .select([
      sum('bets').as('bets'),
      sum('wins').as('wins'),
      sum('losses').as('losses'),
      sum('pushes').as('pushes'),
      sum('voids').as('voids'),
      sum('cashouts').as('cashouts'),
      sum('pending').as('pending'),
      sum('staked').as('staked'),
      sum('profit').as('profit'),
      sum('units_count').as('units_count'),
      sum('units_sum').as('units_sum'),
    ])
    .executeTakeFirstOrThrow();
  const n = (value: number | null) => Number(value ?? 0);
  return {
    bets: n(row.bets),
    wins: n(row.wins),
    losses: n(row.losses),
    pushes: n(row.pushes),
    voids: n(row.voids),
    cashouts: n(row.cashouts),
    pending: n(row.pending),
    stakedCents: toCents(n(row.staked)),
    profitCents: toCents(n(row.profit)),
    unitBets: n(row.units_count),
    unitsCents: toCents(n(row.units_sum)),
  };
};

/** Over the rows the filters keep, in whole cents (counts and sums come back as numbers: platform's type parsers). */
const sumsOfRows = (db: Kysely<ReadDatabase>, userId: string, filters: HistoryFilters, today: string): Promise<HistorySums> => {
  const count = (outcome: string) => sql<number>`count(*) filter (where outcome = ${outcome})`;
  const cents = (column: string) => sql<number>`coalesce(sum(round(${sql.ref(column)} * 100)), 0)`;
  const withUnits = sql`unit_size is not null and profit_units is not null`;
  return filteredBets(readModels(db), userId, filters, today)
    .select([
      sql<number>`count(*)`.as('bets'),
      count('win').as('wins'),
      count('loss').as('losses'),
      count('push').as('pushes'),
      count('void').as('voids'),
      count('cashout').as('cashouts'),
      count('pending').as('pending'),
      cents('stake_at_risk').as('stakedCents'),
      cents('profit').as('profitCents'),
      sql<number>`count(*) filter (where ${withUnits})`.as('unitBets'),
      sql<number>`coalesce(sum(round(profit_units * 100)) filter (where ${withUnits}), 0)`.as('unitsCents'),
    ])
    .executeTakeFirstOrThrow();
};

/** The totals of the rows Bet History's filters keep (every page of them). */
export async function getBetsTotals(db: Kysely<ReadDatabase>, userId: string, filters: HistoryFilters, today: string): Promise<BetsTotals> {
  return totalsOfSums((await sumsFromAnalytics(db, userId, filters, today)) ?? (await sumsOfRows(db, userId, filters, today)));
}

/** GET /api/bets/totals?<the history filters>: with `asOf`, as the record stood then (a replay). */
export const betsTotalsRoute: QueryRoute = {
  path: '/bets/totals',
  heavy: 'asOf',
  answer: ({ db, userId, today, readAsOf }, ctx) => {
    const query = betsTotalsQuery.parse(ctx.query);
    const filters = historyFiltersOf(query);
    return readAsOf(query, {
      live: () => getBetsTotals(db, userId, filters, query.today ?? today()),
      replay: (day) => ({ rows: 'betsTotals', filters, today: day }),
      answer: (rows) => rows.totals,
    });
  },
};
