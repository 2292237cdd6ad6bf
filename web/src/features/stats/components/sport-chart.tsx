import type { Stats } from '@bt/contracts';
import type { PastDay } from '../../../lib/as-of';
import { useState } from 'react';
import styled from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Chart, useChartBase } from '../../../components/chart';
import { Field, Select } from '../../../components/field';
import { EmptyText } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { formatMoney } from '../../../lib/format';
import { sportLabel } from '../../../lib/labels';
import { DEFAULT_RANGE, useGetStatsQuery } from '../api/stats-api';
import { LEGEND_SIZE, sportProfits, sportShares, type ShareMeasure, type SportMeasure } from '../lib/sport-shares';
import { SportProfitBars } from './sport-profit-bars';
import { SportSwatch } from './sport-swatch';

const CHART_HEIGHT = 260;

const MEASURE_LABELS: Record<SportMeasure, string> = { count: 'Count', amount: 'Amount', profit: 'Profit' };

const MeasureField = styled(Field)`
  width: 150px;
  max-width: 100%;
`;

const Legend = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li {
    display: flex;
    align-items: center;
    gap: 10px;
    font-size: 0.9375rem;
  }
  span:nth-child(2) {
    flex: 1;
  }
  span:last-child {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
`;

const formatValue = (value: number, measure: ShareMeasure) => (measure === 'count' ? String(value) : formatMoney(value));

/**
 * Sports by count or amount staked as a doughnut (70% cutout, top-5 legend), or by profit as a
 * diverging bar that shows losing sports too. Each sport keeps its own colour in every view.
 * `asOf`: as it stood at the end of that day.
 */
export function SportChart({ asOf }: { asOf?: PastDay }) {
  const [measure, setMeasure] = useState<SportMeasure>('count');
  const stats = useGetStatsQuery({ range: DEFAULT_RANGE, asOf });
  // Only this day's answer: another day's figures never stand in while a replay runs.
  const data = stats.currentData;
  const distribution = data?.sportDistribution ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle id="sport-title">Sport Distribution</CardTitle>
        <MeasureField label="Measure">
          {(props) => (
            <Select {...props} value={measure} onChange={(e) => setMeasure(e.target.value as SportMeasure)}>
              {(Object.keys(MEASURE_LABELS) as SportMeasure[]).map((value) => (
                <option key={value} value={value}>
                  {MEASURE_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </MeasureField>
      </CardHeader>
      <CardContent>
        {queryView({ data, error: stats.error }) === 'error' ? (
          <QueryError what="your sport distribution" error={stats.error} onRetry={stats.refetch} retrying={stats.isFetching} />
        ) : !data ? (
          <Skeleton $height={`${CHART_HEIGHT}px`} />
        ) : distribution.length === 0 ? (
          <EmptyText>No bets recorded yet.</EmptyText>
        ) : measure === 'profit' ? (
          <SportProfitBars profits={sportProfits(distribution)} />
        ) : (
          <SportDoughnut distribution={distribution} measure={measure} />
        )}
      </CardContent>
    </Card>
  );
}

function SportDoughnut({ distribution, measure }: { distribution: Stats['sportDistribution']; measure: ShareMeasure }) {
  const base = useChartBase();
  const shares = sportShares(distribution, measure);
  return (
    <>
      <Chart
        label={`Doughnut chart of bets, measured by ${MEASURE_LABELS[measure].toLowerCase()}`}
        type="donut"
        height={CHART_HEIGHT}
        series={shares.map((s) => s.value)}
        options={{
          ...base,
          labels: shares.map((s) => sportLabel(s.sport)),
          colors: shares.map((s) => s.color),
          legend: { show: false },
          stroke: { width: 0 },
          plotOptions: { pie: { donut: { size: '70%' } } },
          tooltip: { ...base.tooltip, y: { formatter: (value: number) => formatValue(value, measure) } },
        }}
      />
      <Legend aria-label="Chart legend, top 5">
        {shares.slice(0, LEGEND_SIZE).map((s) => (
          <li key={s.sport}>
            <SportSwatch color={s.color} />
            <span>{sportLabel(s.sport)}</span>
            <span>{s.percent.toFixed(1)}%</span>
          </li>
        ))}
      </Legend>
    </>
  );
}
