import type { HistoryPeriod, HistorySortKey, Outcome, Sport } from '../enums';
import type { BetRow, BetsPage, BetsTotals } from '../responses';
import { periodRange } from './period';
import { fromCents, toCents } from './money';
import { stakeAtRisk } from './odds';

/*
 * Bet History's rules, in one place: the web applies them to rows it holds and query-api's paged
 * GET /api/bets answers exactly what they give (its SQL is checked against these functions).
 *
 * Text is compared the way Postgres compares `lower(text collate "C")`: case folded for ASCII
 * letters only, then by code point. Unicode case rules and locale collation differ between
 * browsers, Node and Postgres builds; this one rule is the same everywhere.
 */

export type HistorySortDirection = 'asc' | 'desc';
export interface HistorySort {
  key: HistorySortKey;
  direction: HistorySortDirection;
}

export type HistorySportFilter = 'all' | Sport | 'parlay';
export type HistoryTypeFilter = 'all' | 'bet' | 'parlay';
export type HistoryOutcomeFilter = 'all' | Outcome;

export interface HistoryFilters {
  /** On the event, sport, notes, book, league or a tag, ignoring case ('' or blank: any). */
  search: string;
  sport: HistorySportFilter;
  type: HistoryTypeFilter;
  outcome: HistoryOutcomeFilter;
  /** The last N days by the bet's date, counted back from today. */
  period: HistoryPeriod;
  /** A book's name ('all': any), matched ignoring case. */
  book: string;
  /** A tag ('all': any), matched ignoring case. */
  tag: string;
}

/** ASCII letters to lower case, nothing else: what Postgres' lower() does under collation "C". */
export const foldHistoryText = (text: string): string => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** UTF-16 code units to an order that agrees with code points (and so with UTF-8 bytes). */
const codePointOrder = (unit: number): number => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);

/** Two texts ignoring ASCII case, then by code point (Postgres: `lower(x collate "C")` order). */
export const compareHistoryText = (a: string, b: string): number => {
  const x = foldHistoryText(a);
  const y = foldHistoryText(b);
  if (x === y) return 0;
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i += 1) {
    const u = x.charCodeAt(i);
    const v = y.charCodeAt(i);
    if (u !== v) return codePointOrder(u) - codePointOrder(v);
  }
  return x.length - y.length;
};

/** Rows from before books and tags answer neither: read them as none. */
const bookOf = (row: BetRow): string | null => row.book ?? null;
const tagsOf = (row: BetRow): readonly string[] => row.tags ?? [];
const sameName = (a: string, b: string) => foldHistoryText(a) === foldHistoryText(b);

/** The first day a period keeps (null: every day): periodRange's, as on the Dashboard and in Analytics. */
export const historyPeriodStart = (period: HistoryPeriod, today: string): string | null => periodRange(period, today).start;

/** The texts a search looks in: the event (a parlay's name), sport, notes, book, league and each tag. */
const searchedTexts = (row: BetRow): string[] => [
  row.event,
  row.sport,
  row.notes ?? '',
  bookOf(row) ?? '',
  row.league ?? '',
  ...tagsOf(row),
];

/**
 * The rows history shows: no single bets that belong to a parlay; a search in the event, sport,
 * notes, book, league or tags ignoring case; sport, type, outcome, book, tag; a period of the last N
 * days by the bet's date.
 */
export const filterHistoryRows = (rows: readonly BetRow[], filters: HistoryFilters, today: string): BetRow[] => {
  const search = foldHistoryText(filters.search.trim());
  const since = historyPeriodStart(filters.period, today);
  return rows.filter(
    (row) =>
      !row.isPartOfParlay &&
      (search === '' || searchedTexts(row).some((text) => foldHistoryText(text).includes(search))) &&
      (filters.sport === 'all' || row.sport === filters.sport) &&
      (filters.type === 'all' || row.kind === filters.type) &&
      (filters.outcome === 'all' || row.outcome === filters.outcome) &&
      (filters.book === 'all' || sameName(bookOf(row) ?? '', filters.book)) &&
      (filters.tag === 'all' || tagsOf(row).some((tag) => sameName(tag, filters.tag))) &&
      (since === null || row.date >= since),
  );
};

const compareBy = (key: HistorySortKey, a: BetRow, b: BetRow): number => {
  switch (key) {
    case 'date':
      return a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt);
    case 'odds':
      return a.decimalOdds - b.decimalOdds;
    case 'clv':
      // No close sorts below every close.
      return (a.clv ?? -Infinity) - (b.clv ?? -Infinity) || 0;
    case 'book':
      return compareHistoryText(bookOf(a) ?? '', bookOf(b) ?? '');
    case 'stake':
      return a.stake - b.stake;
    case 'profit':
      return a.profit - b.profit;
    case 'sport':
    case 'event':
    case 'betType':
    case 'outcome':
      return compareHistoryText(a[key], b[key]);
    default: {
      const never: never = key;
      throw new Error(`Unknown sort key ${String(never)}`);
    }
  }
};

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first: the bet's date, then its entry time, then its id (descending), so every order is total. */
const newestFirst = (a: BetRow, b: BetRow): number => order(b.date, a.date) || order(b.createdAt, a.createdAt) || order(b.id, a.id);

/** Bet History's order: the column in its direction, ties newest first. */
export const compareHistoryRows =
  (sort: HistorySort) =>
  (a: BetRow, b: BetRow): number =>
    (sort.direction === 'asc' ? 1 : -1) * compareBy(sort.key, a, b) || newestFirst(a, b);

/** A sorted copy. */
export const sortHistoryRows = (rows: readonly BetRow[], sort: HistorySort): BetRow[] => [...rows].sort(compareHistoryRows(sort));

/** How many pages `total` rows make (at least one) and the page shown for `page`: out of range is clamped. */
export const historyPaging = (total: number, page: number, pageSize: number): { page: number; totalPages: number } => {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, page), totalPages), totalPages };
};

/** One page of Bet History from the whole list of rows: what GET /api/bets?page= answers. */
export const historyPage = (
  rows: readonly BetRow[],
  view: { filters: HistoryFilters; sort: HistorySort; page: number; pageSize: number },
  today: string,
): BetsPage => {
  const kept = sortHistoryRows(filterHistoryRows(rows, view.filters, today), view.sort);
  const { page } = historyPaging(kept.length, view.page, view.pageSize);
  return { items: kept.slice((page - 1) * view.pageSize, page * view.pageSize), total: kept.length, page, pageSize: view.pageSize };
};

/** Percent with one decimal (55.3). */
const percentOneDecimal = (part: number, whole: number): number => Math.round((part / whole) * 1000) / 10 || 0;

/** What the totals are made of: counts, and money and units in whole cents (so sums stay exact). */
export interface HistorySums {
  bets: number;
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  cashouts: number;
  pending: number;
  stakedCents: number;
  profitCents: number;
  /** Rows placed with a unit size, and the sum of their profit in units (hundredths). */
  unitBets: number;
  unitsCents: number;
}

/** GET /api/bets/totals from its sums: the one place ROI and the units' null are decided. */
export const totalsOfSums = (sums: HistorySums): BetsTotals => ({
  bets: sums.bets,
  wins: sums.wins,
  losses: sums.losses,
  pushes: sums.pushes,
  voids: sums.voids,
  cashouts: sums.cashouts,
  pending: sums.pending,
  staked: fromCents(sums.stakedCents),
  profit: fromCents(sums.profitCents),
  roi: sums.stakedCents > 0 ? percentOneDecimal(sums.profitCents, sums.stakedCents) : null,
  unitsWon: sums.unitBets > 0 ? fromCents(sums.unitsCents) : null,
  unitBets: sums.unitBets,
});

/**
 * The totals of rows (the ones the filters keep): what GET /api/bets/totals answers. Staked is the
 * stake at risk (pending, void and bonus stakes out), as in Stats; units only over the rows placed
 * with a unit size.
 */
export const historyTotals = (rows: readonly BetRow[]): BetsTotals => {
  const count = (outcome: BetRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
  const sumCents = (amounts: readonly number[]) => amounts.reduce((sum, amount) => sum + toCents(amount), 0);
  const withUnits = rows.filter((row) => row.unitSize !== null && row.profitUnits !== null);
  return totalsOfSums({
    bets: rows.length,
    wins: count('win'),
    losses: count('loss'),
    pushes: count('push'),
    voids: count('void'),
    cashouts: count('cashout'),
    pending: count('pending'),
    stakedCents: sumCents(rows.map((row) => stakeAtRisk(row.stake, row.outcome, row.bonusBet))),
    profitCents: sumCents(rows.map((row) => row.profit)),
    unitBets: withUnits.length,
    unitsCents: sumCents(withUnits.map((row) => row.profitUnits!)),
  });
};
