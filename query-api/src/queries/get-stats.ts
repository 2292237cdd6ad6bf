import type { Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import {
  addDays,
  decimalToAmerican,
  formatAmericanOdds,
  fromCents,
  periodRange,
  toCents,
  type PerformanceRange,
  statsQuery,
  type Stats,
  type StatsPeriod,
} from '@bt/contracts';
import type { DailyRow, SportDistributionRow, UserStatsRow } from '@bt/read-models';
import { readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

/**
 * What the stats answer is made of: the user's all-time figures, their per-day rows (at least every
 * day from `statsDaysFrom`), and their per-sport rows. The live read fetches exactly these; a replay
 * (`asOf`) passes everything it folded. Both go through `buildStats`, so they cannot drift apart.
 */
export interface StatsRows {
  totals: UserStatsRow | undefined;
  days: readonly DailyRow[];
  sports: readonly SportDistributionRow[];
}

/** Days in the "last 30 days" window of totalBets and the trends (DEFAULTS.totalBetsWindowDays). */
const WINDOW_DAYS = 30;

/** First day of the performance chart for a range; undefined for 'all'. */
const rangeStart = (today: string, range: PerformanceRange): string | undefined => periodRange(range, today).start ?? undefined;

/** The earliest day `buildStats` looks at: the chart's range or the two 30-day windows, whichever is longer. */
export const statsDaysFrom = (today: string, range: PerformanceRange): string | undefined => {
  const chart = rangeStart(today, range);
  const windows = addDays(today, -(2 * WINDOW_DAYS - 1));
  return chart === undefined ? undefined : chart < windows ? chart : windows;
};

const percent = (part: number, whole: number): number => (whole > 0 ? (part / whole) * 100 : 0);
const oneDecimal = (n: number): number => Math.round(n * 10) / 10 || 0;

interface Window {
  placed: number;
  wins: number;
  losses: number;
  stakeCents: number;
  profitCents: number;
}

const windowOf = (days: readonly DailyRow[], from: string, to: string): Window => {
  const w: Window = { placed: 0, wins: 0, losses: 0, stakeCents: 0, profitCents: 0 };
  for (const day of days) {
    if (day.date < from || day.date > to) continue;
    w.placed += day.placed;
    w.wins += day.wins;
    w.losses += day.losses;
    w.stakeCents += toCents(day.settled_stake);
    w.profitCents += toCents(day.profit);
  }
  return w;
};

const winRateOf = (w: { wins: number; losses: number }) => percent(w.wins, w.wins + w.losses);
const roiOf = (profitCents: number, stakeCents: number) => percent(profitCents, stakeCents);

const twoDecimals = (n: number): number => Math.round(n * 100) / 100 || 0;

/**
 * The serious bettor's figures from the all-time sums (null when nothing backs them): the average
 * price of every bet and parlay (American text of the mean decimal price), profit in units of
 * the rows placed with a unit size, the average clv of rows with a close and the percentage of
 * those that beat it.
 */
const wagerFigures = (
  totals: UserStatsRow | undefined,
): Pick<Stats, 'averageOdds' | 'unitsWon' | 'unitBets' | 'allBets' | 'averageClv' | 'beatCloseRate'> => {
  const odds = totals?.odds_count ?? 0;
  const units = totals?.units_count ?? 0;
  const clvs = totals?.clv_count ?? 0;
  return {
    averageOdds: odds > 0 ? formatAmericanOdds(decimalToAmerican(totals!.decimal_odds_sum_e4 / 10_000 / odds)) : null,
    unitsWon: units > 0 ? twoDecimals(totals!.profit_units_sum) : null,
    unitBets: units,
    allBets: (totals?.bet_count ?? 0) + (totals?.parlay_count ?? 0),
    averageClv: clvs > 0 ? twoDecimals(totals!.clv_sum / clvs) : null,
    beatCloseRate: clvs > 0 ? oneDecimal(percent(totals!.clv_beats, clvs)) : null,
  };
};

/** A window as the stats answer shows it; a rate with nothing to divide by is null, not 0. */
const periodOf = (w: Window): StatsPeriod => ({
  bets: w.placed,
  profit: fromCents(w.profitCents),
  winRate: w.wins + w.losses > 0 ? oneDecimal(winRateOf(w)) : null,
  roi: w.stakeCents > 0 ? oneDecimal(roiOf(w.profitCents, w.stakeCents)) : null,
});

/**
 * GET /api/stats from its rows, as of `today` (YYYY-MM-DD): winRate and ROI as percents (one
 * decimal), totalProfit, totalBets placed in the last 30 days, the record, trends (the last 30
 * days minus the 30 before) and the two windows themselves (periods), the cumulative profit line over the range (starting from the running
 * total of everything before it, so its level is the true total), the sport distribution, and the
 * wager figures (averageOdds, unitsWon, averageClv, beatCloseRate). Win rate counts wins and losses
 * only (push, void and cash-out left out); ROI divides by the stake at risk (pending, void and bonus
 * stakes left out), as the projector sums it.
 */
export const buildStats = (rows: StatsRows, today: string, range: PerformanceRange): Stats => {
  const { totals, days, sports } = rows;
  const totalProfitCents = toCents(totals?.total_profit ?? 0);

  const last = windowOf(days, periodRange('30', today).start!, today);
  const before = windowOf(days, addDays(today, -(2 * WINDOW_DAYS - 1)), addDays(today, -WINDOW_DAYS));

  const start = rangeStart(today, range);
  const charted = days
    .filter((day) => start === undefined || day.date >= start)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let running = totalProfitCents - charted.reduce((sum, day) => sum + toCents(day.profit), 0);
  const recentPerformance = charted.map((day) => {
    running += toCents(day.profit);
    return { date: day.date, cumulativeProfit: fromCents(running) };
  });

  const betCount = sports.reduce((sum, s) => sum + s.count, 0);
  const sportDistribution = [...sports]
    .sort((a, b) => b.count - a.count || (a.sport < b.sport ? -1 : 1))
    .map((s) => ({
      sport: s.sport,
      count: s.count,
      stake: s.stake,
      profit: s.profit,
      percentage: oneDecimal(percent(s.count, betCount)),
    }));

  return {
    winRate: oneDecimal(winRateOf({ wins: totals?.wins ?? 0, losses: totals?.losses ?? 0 })),
    totalProfit: fromCents(totalProfitCents),
    roi: oneDecimal(roiOf(totalProfitCents, toCents(totals?.settled_stake ?? 0))),
    totalBets: last.placed,
    record: {
      wins: totals?.wins ?? 0,
      losses: totals?.losses ?? 0,
      pushes: totals?.pushes ?? 0,
      voids: totals?.voids ?? 0,
      cashouts: totals?.cashouts ?? 0,
      pending: totals?.pending ?? 0,
    },
    trends: {
      winRate: oneDecimal(winRateOf(last) - winRateOf(before)),
      totalProfit: fromCents(last.profitCents - before.profitCents),
      roi: oneDecimal(roiOf(last.profitCents, last.stakeCents) - roiOf(before.profitCents, before.stakeCents)),
      totalBets: last.placed - before.placed,
    },
    periods: { last30Days: periodOf(last), previous30Days: periodOf(before) },
    recentPerformance,
    sportDistribution,
    ...wagerFigures(totals),
  };
};

/**
 * The live rows in one statement (one round trip, one pooled connection): the user's stats row,
 * their days from `daysFrom` (O(days), never O(bets)), and their sports; all primary-key range scans.
 */
export async function readStatsRows(db: Kysely<ReadDatabase>, userId: string, daysFrom: string | undefined): Promise<StatsRows> {
  const read = readModels(db);
  const row = await read
    .selectNoFrom([
      jsonObjectFrom(read.selectFrom('user_stats').selectAll().where('user_id', '=', userId)).as('totals'),
      jsonArrayFrom(
        read
          .selectFrom('daily')
          .selectAll()
          .where('user_id', '=', userId)
          .$if(daysFrom !== undefined, (q) => q.where('date', '>=', daysFrom!))
          .orderBy('date'),
      ).as('days'),
      jsonArrayFrom(read.selectFrom('sport_distribution').selectAll().where('user_id', '=', userId)).as('sports'),
    ])
    .executeTakeFirstOrThrow();
  // These tables hold only numbers and text (dates as YYYY-MM-DD): their JSON is exactly the row types.
  return {
    totals: (row.totals ?? undefined) as UserStatsRow | undefined,
    days: row.days as DailyRow[],
    sports: row.sports as SportDistributionRow[],
  };
}

/** GET /api/stats for now. */
export async function getStats(db: Kysely<ReadDatabase>, userId: string, today: string, range: PerformanceRange): Promise<Stats> {
  return buildStats(await readStatsRows(db, userId, statsDaysFrom(today, range)), today, range);
}

/** GET /api/stats?range&asOf: with asOf, the windows and the chart's range count back from that day. */
export const statsRoute: QueryRoute = {
  path: '/stats',
  heavy: 'asOf',
  answer: ({ db, userId, today, readAsOf }, ctx) => {
    const query = statsQuery.parse(ctx.query);
    const { range, today: clientDay } = query;
    return readAsOf(query, {
      live: () => getStats(db, userId, clientDay ?? today(), range),
      replay: (day) => ({ rows: 'stats', daysFrom: statsDaysFrom(day, range) }),
      answer: (rows, day) => buildStats(rows, day, range),
    });
  },
};
