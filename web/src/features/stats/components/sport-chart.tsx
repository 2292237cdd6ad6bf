import { useState } from 'react';
import styled from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Chart, useChartBase } from '../../../components/chart';
import { Field, Select } from '../../../components/field';
import { EmptyText } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { formatMoney, formatProfit } from '../../../lib/format';
import { sportLabel } from '../../../lib/labels';
import { DEFAULT_RANGE, useGetStatsQuery } from '../api/stats-api';
import { LEGEND_SIZE, sportShares, type SportMeasure } from '../lib/sport-shares';

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

const Swatch = styled.span`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  flex-shrink: 0;
`;

const formatValue = (value: number, measure: SportMeasure) =>
  measure === 'count' ? String(value) : measure === 'amount' ? formatMoney(value) : formatProfit(value);

/** A doughnut of sports by count, amount staked or profit (default count), 70% cutout, top-5 legend. */
export function SportChart() {
  const [measure, setMeasure] = useState<SportMeasure>('count');
  const stats = useGetStatsQuery(DEFAULT_RANGE);
  const { data } = stats;
  const base = useChartBase();
  const shares = sportShares(data?.sportDistribution ?? [], measure);

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
        {queryView(stats) === 'error' ? (
          <QueryError what="your sport distribution" error={stats.error} onRetry={stats.refetch} retrying={stats.isFetching} />
        ) : !data ? (
          <Skeleton $height={`${CHART_HEIGHT}px`} />
        ) : shares.length === 0 ? (
          <EmptyText>{measure === 'profit' ? 'No profitable sports yet.' : 'No bets recorded yet.'}</EmptyText>
        ) : (
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
                  <Swatch style={{ background: s.color }} aria-hidden="true" />
                  <span>{sportLabel(s.sport)}</span>
                  <span>{s.percent.toFixed(1)}%</span>
                </li>
              ))}
            </Legend>
          </>
        )}
      </CardContent>
    </Card>
  );
}
