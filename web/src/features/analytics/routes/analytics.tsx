import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { DownloadIcon } from '../../../components/icons';
import { EmptyState, EmptyTitle, PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { downloadText } from '../../../lib/csv';
import { usePreferences } from '../../../lib/preferences';
import { useGetAnalyticsQuery } from '../api/analytics-api';
import { AnalyticsChart } from '../components/analytics-chart';
import { AnalyticsControls } from '../components/analytics-controls';
import { AnalyticsTable } from '../components/analytics-table';
import { analyticsCsv, sortAnalyticsRows } from '../lib/analytics-table';
import {
  analyticsRequest,
  analyticsViewFromParams,
  type AnalyticsView,
  DIMENSION_LABELS,
  nextSort,
  paramsFromAnalyticsView,
  rangeIsBackwards,
} from '../lib/analytics-view';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

/** The file's name says what it holds: "analytics-by-sport-all.csv", "analytics-by-book-2025-01-01-to-2025-03-31.csv". */
const csvName = (view: AnalyticsView) =>
  `analytics-by-${view.by}-${view.period === 'custom' ? `${view.from || 'start'}-to-${view.to || 'today'}` : view.period === 'all' ? 'all' : `last-${view.period}-days`}.csv`;

export function AnalyticsRoute() {
  // Dimension, period and sort live in the query string: back, reload and a bookmark keep them.
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => analyticsViewFromParams(params), [params]);
  // A change applies what it changed to the URL's view, not to the last rendered one (two quick
  // changes, From then To, would otherwise lose the first while the router catches up).
  const showView = (next: AnalyticsView) => {
    const changed = Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== view[key as keyof AnalyticsView]));
    const current = analyticsViewFromParams(new URLSearchParams(window.location.search));
    setParams(paramsFromAnalyticsView({ ...current, ...changed }));
  };
  const { oddsFormat } = usePreferences();
  const backwards = rangeIsBackwards(view);
  const analytics = useGetAnalyticsQuery(analyticsRequest(view), { skip: backwards });
  // The answer of the view asked for (not the previous one while the next loads).
  const data = analytics.currentData;
  const status = queryView({ data, error: analytics.error });
  const rows = useMemo(() => (data ? sortAnalyticsRows(data.rows, view.sort, view.by) : []), [data, view.sort, view.by]);
  const dimension = DIMENSION_LABELS[view.by];
  const empty = data !== undefined && rows.length === 0;

  const onExport = () => {
    if (!data) return;
    downloadText(analyticsCsv(rows, data.totals, view.by, oddsFormat), csvName(view));
  };

  return (
    <PageContainer>
      <PageHeader
        title="Analytics"
        subtitle="Where you win and where you lose: your bets broken down by sport, book, odds and more."
        actions={
          <Button variant="outline" onClick={onExport} disabled={!data || empty}>
            <DownloadIcon />
            Export CSV
          </Button>
        }
      />
      <Card aria-label="Breakdown" aria-busy={!backwards && status === 'loading'}>
        <CardHeader>
          <CardTitle>By {dimension.toLowerCase()}</CardTitle>
        </CardHeader>
        <CardContent>
          <Stack>
            <AnalyticsControls view={view} onChange={showView} />
            {backwards ? null : status === 'error' ? (
              <QueryError what="your analytics" error={analytics.error} onRetry={analytics.refetch} retrying={analytics.isFetching} />
            ) : status === 'loading' ? (
              <Stack>
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} $height="40px" />
                ))}
              </Stack>
            ) : empty ? (
              <EmptyState>
                <EmptyTitle>{view.period === 'all' ? 'No bets recorded yet' : 'No bets in this period yet'}</EmptyTitle>
                <p>{view.period === 'all' ? 'Add your first bet and see where your edge is.' : 'Try a longer period, or add a bet.'}</p>
              </EmptyState>
            ) : (
              data && (
                <AnalyticsTable
                  by={view.by}
                  rows={rows}
                  totals={data.totals}
                  oddsFormat={oddsFormat}
                  sort={view.sort}
                  onSort={(key) => showView({ ...view, sort: nextSort(view.sort, key) })}
                  label={`Breakdown by ${dimension.toLowerCase()}`}
                />
              )
            )}
          </Stack>
        </CardContent>
      </Card>
      {!backwards && data && !empty && <AnalyticsChart by={view.by} rows={rows} dimensionLabel={dimension} />}
    </PageContainer>
  );
}
