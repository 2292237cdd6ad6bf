import type { PerformanceRange } from '@bt/contracts';
import type { PastDay } from '../../../lib/as-of';
import { useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Chart, useChartBase } from '../../../components/chart';
import { Field, Select } from '../../../components/field';
import { EmptyText } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { formatDate, formatMoney, formatProfit } from '../../../lib/format';
import { DEFAULT_RANGE, useGetStatsQuery } from '../api/stats-api';

const CHART_HEIGHT = 300;

const RANGE_LABELS: Record<PerformanceRange, string> = {
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  '180': 'Last 180 days',
  '365': 'Last 365 days',
  all: 'All time',
};

const RangeField = styled(Field)`
  width: 180px;
  max-width: 100%;
`;

/** Cumulative profit by date as a line, over 30/90/180/365 days or all time (default 30); `asOf`: as it stood at the end of that day. */
export function PerformanceChart({ asOf }: { asOf?: PastDay }) {
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_RANGE);
  const stats = useGetStatsQuery({ range, asOf });
  // Only this range's and day's answer: another's line never stands in while a replay runs.
  const { currentData: data, isFetching } = stats;
  const base = useChartBase();
  const theme = useTheme();
  const points = data?.recentPerformance ?? [];
  const lastValue = points.at(-1)?.cumulativeProfit ?? 0;
  const oneDay = points.length === 1;

  return (
    <Card aria-busy={isFetching}>
      <CardHeader>
        <CardTitle id="performance-title">Performance</CardTitle>
        <RangeField label="Time range">
          {(props) => (
            <Select {...props} value={range} onChange={(e) => setRange(e.target.value as PerformanceRange)}>
              {(Object.keys(RANGE_LABELS) as PerformanceRange[]).map((value) => (
                <option key={value} value={value}>
                  {RANGE_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </RangeField>
      </CardHeader>
      <CardContent>
        {queryView({ data, error: stats.error }) === 'error' ? (
          <QueryError what="your performance" error={stats.error} onRetry={stats.refetch} retrying={isFetching} />
        ) : !data ? (
          <Skeleton $height={`${CHART_HEIGHT}px`} />
        ) : points.length === 0 ? (
          <EmptyText>No settled bets in this period yet.</EmptyText>
        ) : (
          <Chart
            label={`Cumulative profit, ${RANGE_LABELS[range].toLowerCase()}: ${formatProfit(lastValue)} on ${formatDate(points.at(-1)?.date)}`}
            type="line"
            height={CHART_HEIGHT}
            series={[
              {
                name: 'Cumulative profit',
                // One day on a time axis is drawn around it, into the next day: one named point instead.
                data: points.map((p) => ({ x: oneDay ? formatDate(p.date) : p.date, y: p.cumulativeProfit })),
              },
            ]}
            options={{
              ...base,
              colors: [theme.colors.chartLine],
              stroke: { curve: 'straight', width: 3 },
              markers: { size: points.length > 40 ? 0 : 3 },
              xaxis: oneDay ? { type: 'category' } : { type: 'datetime', labels: { datetimeUTC: true, format: 'MMM d' } },
              yaxis: { labels: { formatter: (value: number) => formatMoney(value) } },
              tooltip: {
                ...base.tooltip,
                x: oneDay ? {} : { format: 'MMM d, yyyy' },
                y: { formatter: (value: number) => formatProfit(value) },
              },
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
