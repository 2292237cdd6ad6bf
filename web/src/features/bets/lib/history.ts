import { addDays, type BetRow, decimalOfOdds, type Outcome, OUTCOMES, type Sport, SPORTS } from '@bt/contracts';

/**
 * Sortable columns (spec section 9, with Book and CLV). 'date' is the Date column: the bet's day,
 * then its entry time.
 */
export type SortKey = 'date' | 'sport' | 'event' | 'betType' | 'book' | 'odds' | 'stake' | 'profit' | 'clv' | 'outcome';
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
  /** A book's name ('all': any), matched ignoring case. */
  book: string;
  /** A tag ('all': any), matched ignoring case. */
  tag: string;
}

export const DEFAULT_FILTERS: HistoryFilters = {
  search: '',
  sport: 'all',
  type: 'all',
  outcome: 'all',
  period: '30',
  book: 'all',
  tag: 'all',
};

/** Rows from before books and tags answer neither: read them as none. */
const bookOf = (row: BetRow): string | null => row.book ?? null;
const tagsOf = (row: BetRow): readonly string[] => row.tags ?? [];

/** What the book and tag filters offer: each book and tag of the rows once (first spelling), by name. */
export const filterChoices = (rows: readonly BetRow[]): { books: string[]; tags: string[] } => {
  const unique = (names: readonly string[]) => {
    const seen = new Map<string, string>();
    for (const name of names) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
    return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en-US', { sensitivity: 'base' }));
  };
  const shown = rows.filter((row) => !row.isPartOfParlay);
  return {
    books: unique(shown.map(bookOf).filter((book): book is string => book !== null)),
    tags: unique(shown.flatMap(tagsOf)),
  };
};

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The rows history shows: no single bets that belong to a parlay; search on event or sport
 * ignoring case; sport, type, outcome, book, tag; a period of the last N days by the bet's date.
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
      (filters.book === 'all' || sameName(bookOf(row) ?? '', filters.book)) &&
      (filters.tag === 'all' || tagsOf(row).some((tag) => sameName(tag, filters.tag))) &&
      (since === null || row.date >= since),
  );
};

const compareText = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base' });

/** A row's decimal price (rows from before it was answered: from its American odds). */
const decimalOf = (row: BetRow): number => row.decimalOdds ?? decimalOfOdds(row.odds);

const compareBy = (key: SortKey, a: BetRow, b: BetRow): number => {
  switch (key) {
    case 'date':
      return a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt);
    case 'odds':
      return decimalOf(a) - decimalOf(b);
    case 'clv':
      return (a.clv ?? -Infinity) - (b.clv ?? -Infinity) || 0;
    case 'book':
      return compareText(bookOf(a) ?? '', bookOf(b) ?? '');
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

/** What Bet History shows: filters, sort and page, kept in the URL's query string. */
export interface HistoryView {
  filters: HistoryFilters;
  sort: SortState;
  page: number;
}

export const DEFAULT_VIEW: HistoryView = { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, page: 1 };

const SORT_KEYS: readonly SortKey[] = ['date', 'sport', 'event', 'betType', 'book', 'odds', 'stake', 'profit', 'clv', 'outcome'];
const SPORT_FILTERS: readonly SportFilter[] = ['all', ...SPORTS, 'parlay'];
const TYPE_FILTERS: readonly TypeFilter[] = ['all', 'bet', 'parlay'];
const OUTCOME_FILTERS: readonly OutcomeFilter[] = ['all', ...OUTCOMES];
const PERIOD_FILTERS: readonly PeriodFilter[] = ['30', '90', '365', 'all'];

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the view from the query string; a missing or invalid value falls back to its default. */
export const historyViewFromParams = (params: URLSearchParams): HistoryView => {
  const page = Number(params.get('page'));
  return {
    filters: {
      search: params.get('q') ?? DEFAULT_FILTERS.search,
      sport: oneOf(SPORT_FILTERS, params.get('sport'), DEFAULT_FILTERS.sport),
      type: oneOf(TYPE_FILTERS, params.get('type'), DEFAULT_FILTERS.type),
      outcome: oneOf(OUTCOME_FILTERS, params.get('outcome'), DEFAULT_FILTERS.outcome),
      period: oneOf(PERIOD_FILTERS, params.get('period'), DEFAULT_FILTERS.period),
      book: params.get('book')?.trim() || DEFAULT_FILTERS.book,
      tag: params.get('tag')?.trim() || DEFAULT_FILTERS.tag,
    },
    sort: {
      key: oneOf(SORT_KEYS, params.get('sort'), DEFAULT_SORT.key),
      direction: oneOf<SortDirection>(['asc', 'desc'], params.get('dir'), DEFAULT_SORT.direction),
    },
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_VIEW.page,
  };
};

/** The query string of a view: only what differs from the defaults, so the plain page stays /history. */
export const paramsFromHistoryView = (view: HistoryView): URLSearchParams => {
  const params = new URLSearchParams();
  const { filters, sort, page } = view;
  if (filters.search !== DEFAULT_FILTERS.search) params.set('q', filters.search);
  if (filters.sport !== DEFAULT_FILTERS.sport) params.set('sport', filters.sport);
  if (filters.type !== DEFAULT_FILTERS.type) params.set('type', filters.type);
  if (filters.outcome !== DEFAULT_FILTERS.outcome) params.set('outcome', filters.outcome);
  if (filters.period !== DEFAULT_FILTERS.period) params.set('period', filters.period);
  if (filters.book !== DEFAULT_FILTERS.book) params.set('book', filters.book);
  if (filters.tag !== DEFAULT_FILTERS.tag) params.set('tag', filters.tag);
  if (sort.key !== DEFAULT_SORT.key || sort.direction !== DEFAULT_SORT.direction) {
    params.set('sort', sort.key);
    params.set('dir', sort.direction);
  }
  if (page !== DEFAULT_VIEW.page) params.set('page', String(page));
  return params;
};

/** How many of the folded filters (sport, type, outcome, period, book, tag) differ from their defaults. */
export const activeFilterCount = (filters: HistoryFilters): number =>
  (['sport', 'type', 'outcome', 'period', 'book', 'tag'] as const).filter((key) => filters[key] !== DEFAULT_FILTERS[key]).length;

/** The history link that lists every pending bet and parlay. */
export const PENDING_HISTORY_PATH = `/history?${paramsFromHistoryView({ ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, outcome: 'pending', period: 'all' } }).toString()}`;
