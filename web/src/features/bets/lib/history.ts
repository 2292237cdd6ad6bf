import { addDays, type BetRow, type Outcome, parseAmericanOdds, type Sport } from '@bt/contracts';

/** Sortable columns (spec section 9). 'date' is the Date column: the bet's day, then its entry time. */
export type SortKey = 'date' | 'sport' | 'event' | 'betType' | 'odds' | 'stake' | 'profit' | 'outcome';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'date', direction: 'desc' };

/** Clicking the active column toggles its direction; a new column starts descending. */
export const nextSort = (current: SortState, key: SortKey): SortState =>
  current.key === key ? { key, direction: current.direction === 'desc' ? 'asc' : 'desc' } : { key, direction: 'desc' };

export type SportFilter = 'all' | Sport | 'parlay';
export type TypeFilter = 'all' | 'bet' | 'parlay';
export type OutcomeFilter = 'all' | Outcome;
export type PeriodFilter = '30' | '90' | '365' | 'all';

export interface HistoryFilters {
  search: string;
  sport: SportFilter;
  type: TypeFilter;
  outcome: OutcomeFilter;
  period: PeriodFilter;
}

export const DEFAULT_FILTERS: HistoryFilters = { search: '', sport: 'all', type: 'all', outcome: 'all', period: '30' };

/**
 * The rows history shows: no single bets that belong to a parlay; search on event or sport
 * ignoring case; sport, type, outcome; a period of the last N days by the bet's date.
 */
export const filterRows = (rows: readonly BetRow[], filters: HistoryFilters, today: string): BetRow[] => {
  const search = filters.search.trim().toLowerCase();
  const since = filters.period === 'all' ? null : addDays(today, -Number(filters.period));
  return rows.filter(
    (row) =>
      !row.isPartOfParlay &&
      (search === '' || row.event.toLowerCase().includes(search) || row.sport.toLowerCase().includes(search)) &&
      (filters.sport === 'all' || row.sport === filters.sport) &&
      (filters.type === 'all' || row.kind === filters.type) &&
      (filters.outcome === 'all' || row.outcome === filters.outcome) &&
      (since === null || row.date >= since),
  );
};

const compareText = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base' });

const compareBy = (key: SortKey, a: BetRow, b: BetRow): number => {
  switch (key) {
    case 'date':
      return a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt);
    case 'odds':
      return (parseAmericanOdds(a.odds) ?? 0) - (parseAmericanOdds(b.odds) ?? 0);
    case 'stake':
      return a.stake - b.stake;
    case 'profit':
      return a.profit - b.profit;
    case 'sport':
    case 'event':
    case 'betType':
    case 'outcome':
      return compareText(a[key], b[key]);
    default: {
      const never: never = key;
      throw new Error(`Unknown sort key ${String(never)}`);
    }
  }
};

/** A sorted copy; ties keep the server's order (newest first). */
export const sortRows = (rows: readonly BetRow[], sort: SortState): BetRow[] => {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compareBy(sort.key, a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
};
