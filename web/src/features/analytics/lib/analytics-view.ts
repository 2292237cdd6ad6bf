import { ANALYTICS_DIMENSIONS, ANALYTICS_PERIODS, type AnalyticsDimension, type AnalyticsPeriod, isIsoDate } from '@bt/contracts';

/** The period control: a preset of the API, or a from-to range of the bets' own dates. */
export type PeriodChoice = AnalyticsPeriod | 'custom';

/** The table's columns, each sortable. */
export const ANALYTICS_SORT_KEYS = [
  'key',
  'bets',
  'record',
  'winRate',
  'staked',
  'profit',
  'roi',
  'unitsWon',
  'averageOdds',
  'averageClv',
] as const;
export type AnalyticsSortKey = (typeof ANALYTICS_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface AnalyticsSort {
  key: AnalyticsSortKey;
  direction: SortDirection;
}

/** What the Analytics screen shows, kept in the URL's query string (like Bet History). */
export interface AnalyticsView {
  by: AnalyticsDimension;
  period: PeriodChoice;
  /** YYYY-MM-DD or '' (only read with period 'custom'). */
  from: string;
  to: string;
  sort: AnalyticsSort;
}

/** The server's own order: most bets first. */
export const DEFAULT_SORT: AnalyticsSort = { key: 'bets', direction: 'desc' };
export const DEFAULT_VIEW: AnalyticsView = { by: 'sport', period: 'all', from: '', to: '', sort: DEFAULT_SORT };

/** Days of the week read in calendar order (Monday to Sunday) unless another sort is chosen. */
export const defaultSortOf = (by: AnalyticsDimension): AnalyticsSort =>
  by === 'weekday' ? { key: 'key', direction: 'asc' } : DEFAULT_SORT;

const isDefaultSort = (sort: AnalyticsSort, by: AnalyticsDimension): boolean => {
  const fallback = defaultSortOf(by);
  return sort.key === fallback.key && sort.direction === fallback.direction;
};

/** Another dimension: a sort the bettor chose is kept, the old dimension's default gives way to the new one's. */
export const withDimension = (view: AnalyticsView, by: AnalyticsDimension): AnalyticsView => ({
  ...view,
  by,
  sort: isDefaultSort(view.sort, view.by) ? defaultSortOf(by) : view.sort,
});

export const DIMENSION_LABELS: Record<AnalyticsDimension, string> = {
  sport: 'Sport',
  league: 'League',
  book: 'Book',
  betType: 'Bet type',
  tag: 'Tag',
  oddsRange: 'Odds range',
  weekday: 'Day of week',
  stakeSize: 'Stake size',
};

export const PERIOD_LABELS: Record<PeriodChoice, string> = {
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  '365': 'Last 365 days',
  all: 'All time',
  custom: 'Custom range',
};

const PERIOD_CHOICES: readonly PeriodChoice[] = [...ANALYTICS_PERIODS, 'custom'];

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const dateOr = (value: string | null): string => (value !== null && isIsoDate(value) ? value : '');

/** Reads the view from the query string; a missing or invalid value falls back to its default. */
export const analyticsViewFromParams = (params: URLSearchParams): AnalyticsView => {
  const period = oneOf(PERIOD_CHOICES, params.get('period'), DEFAULT_VIEW.period);
  const by = oneOf(ANALYTICS_DIMENSIONS, params.get('by'), DEFAULT_VIEW.by);
  const fallback = defaultSortOf(by);
  return {
    by,
    period,
    from: period === 'custom' ? dateOr(params.get('from')) : '',
    to: period === 'custom' ? dateOr(params.get('to')) : '',
    sort: {
      key: oneOf(ANALYTICS_SORT_KEYS, params.get('sort'), fallback.key),
      direction: oneOf<SortDirection>(['asc', 'desc'], params.get('dir'), fallback.direction),
    },
  };
};

/** The query string of a view: `by` and `period` always (a link says what it shows), the rest when set. */
export const paramsFromAnalyticsView = (view: AnalyticsView): URLSearchParams => {
  const params = new URLSearchParams({ by: view.by, period: view.period });
  if (view.period === 'custom') {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (!isDefaultSort(view.sort, view.by)) {
    params.set('sort', view.sort.key);
    params.set('dir', view.sort.direction);
  }
  return params;
};

/** A range whose start is after its end (the API answers it with a 400). */
export const rangeIsBackwards = (view: AnalyticsView): boolean =>
  view.period === 'custom' && view.from !== '' && view.to !== '' && view.from > view.to;

/** The query of GET /api/analytics for a view: a custom range sends its dates instead of a period. */
export const analyticsRequest = (view: AnalyticsView): { by: AnalyticsDimension; period?: AnalyticsPeriod; from?: string; to?: string } =>
  view.period === 'custom'
    ? { by: view.by, ...(view.from ? { from: view.from } : {}), ...(view.to ? { to: view.to } : {}) }
    : { by: view.by, period: view.period };

/** Clicking the active column toggles its direction; a new column starts descending (the group, ascending). */
export const nextSort = (current: AnalyticsSort, key: AnalyticsSortKey): AnalyticsSort =>
  current.key === key
    ? { key, direction: current.direction === 'desc' ? 'asc' : 'desc' }
    : { key, direction: key === 'key' ? 'asc' : 'desc' };
