import {
  compareHistoryText,
  foldHistoryText,
  HISTORY_PAGE_SIZES,
  HISTORY_PERIODS,
  HISTORY_SORT_KEYS,
  NO_BOOK,
  NO_TAG,
  OUTCOMES,
  SPORTS,
  type BetsQuery,
  type HistoryFilters,
  type HistoryFiltersQuery,
  type HistoryPageSize,
  type HistoryOutcomeFilter,
  type HistorySort,
  type HistorySortDirection,
  type HistorySortKey,
  type HistorySportFilter,
  type HistoryTypeFilter,
} from '@bt/contracts';

/*
 * Bet History's view: filters, sort and page in the URL. What the rows are (filter and sort rules)
 * is contracts' (domain/history.ts); the server applies them (GET /api/bets?page=).
 */

export const DEFAULT_SORT: HistorySort = { key: 'date', direction: 'desc' };

/** Clicking the active column toggles its direction; a new column starts descending. */
export const nextSort = (current: HistorySort, key: HistorySortKey): HistorySort =>
  current.key === key ? { key, direction: current.direction === 'desc' ? 'asc' : 'desc' } : { key, direction: 'desc' };

export const DEFAULT_FILTERS: HistoryFilters = {
  search: '',
  sport: 'all',
  type: 'all',
  outcome: 'all',
  period: '30',
  book: 'all',
  tag: 'all',
};

/** Analytics' keys for rows without a book or tag (GET /api/analytics?by=book|tag), not choices. */

/**
 * What the book and tag filters offer, from the keys of the analytics breakdowns by book and by
 * tag (so the choices do not need the whole history): each name once (first spelling), by name.
 */
export const filterChoices = (bookKeys: readonly string[], tagKeys: readonly string[]): { books: string[]; tags: string[] } => {
  const unique = (names: readonly string[]) => {
    const seen = new Map<string, string>();
    for (const name of names) if (!seen.has(foldHistoryText(name))) seen.set(foldHistoryText(name), name);
    return [...seen.values()].sort(compareHistoryText);
  };
  return { books: unique(bookKeys.filter((key) => key !== NO_BOOK)), tags: unique(tagKeys.filter((key) => key !== NO_TAG)) };
};

/** What Bet History shows: filters, sort, page and page size, kept in the URL's query string. */
export interface HistoryView {
  filters: HistoryFilters;
  sort: HistorySort;
  page: number;
  pageSize: HistoryPageSize;
}

export const DEFAULT_VIEW: HistoryView = { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, page: 1, pageSize: HISTORY_PAGE_SIZES[0] };

const SPORT_FILTERS: readonly HistorySportFilter[] = ['all', ...SPORTS, 'parlay'];
const TYPE_FILTERS: readonly HistoryTypeFilter[] = ['all', 'bet', 'parlay'];
const OUTCOME_FILTERS: readonly HistoryOutcomeFilter[] = ['all', ...OUTCOMES];

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
      period: oneOf(HISTORY_PERIODS, params.get('period'), DEFAULT_FILTERS.period),
      book: params.get('book')?.trim() || DEFAULT_FILTERS.book,
      tag: params.get('tag')?.trim() || DEFAULT_FILTERS.tag,
    },
    sort: {
      key: oneOf(HISTORY_SORT_KEYS, params.get('sort'), DEFAULT_SORT.key),
      direction: oneOf<HistorySortDirection>(['asc', 'desc'], params.get('dir'), DEFAULT_SORT.direction),
    },
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_VIEW.page,
    pageSize: HISTORY_PAGE_SIZES.find((size) => String(size) === params.get('pageSize')) ?? DEFAULT_VIEW.pageSize,
  };
};

/** The query string of a view: only what differs from the defaults, so the plain page stays /history. */
export const paramsFromHistoryView = (view: HistoryView): URLSearchParams => {
  const params = new URLSearchParams();
  const { filters, sort, page, pageSize } = view;
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
  if (pageSize !== DEFAULT_VIEW.pageSize) params.set('pageSize', String(pageSize));
  return params;
};

/** Another page size, on the page that holds the first row of the page shown (the view's own by default). */
export const withPageSize = (
  view: HistoryView,
  pageSize: HistoryPageSize,
  shown: { page: number; pageSize: number } = view,
): HistoryView => ({
  ...view,
  pageSize,
  page: Math.floor(((shown.page - 1) * shown.pageSize) / pageSize) + 1,
});

/** How many of the folded filters (sport, type, outcome, period, book, tag) differ from their defaults. */
export const activeFilterCount = (filters: HistoryFilters): number =>
  (['sport', 'type', 'outcome', 'period', 'book', 'tag'] as const).filter((key) => filters[key] !== DEFAULT_FILTERS[key]).length;

/** The history link that lists every pending bet and parlay. */
export const PENDING_HISTORY_PATH = `/history?${paramsFromHistoryView({ ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, outcome: 'pending', period: 'all' } }).toString()}`;

/** The history filters as GET /api/bets/totals and the CSV export take them, with the client's day for the period. */
export const historyFiltersParams = (
  filters: HistoryFilters,
  today: string,
): Record<Exclude<keyof HistoryFiltersQuery, 'asOf'>, string> => ({
  sport: filters.sport,
  type: filters.type,
  outcome: filters.outcome,
  period: filters.period,
  book: filters.book,
  tag: filters.tag,
  q: filters.search,
  today,
});

/** GET /api/bets' query for a view: the page of rows it shows, with the client's day for the period. */
export const betsPageQuery = (
  view: HistoryView,
  today: string,
): Record<Exclude<keyof BetsQuery, 'deleted' | 'asOf' | 'asOfReading'>, string> => ({
  page: String(view.page),
  pageSize: String(view.pageSize),
  sort: view.sort.key,
  dir: view.sort.direction,
  ...historyFiltersParams(view.filters, today),
});
