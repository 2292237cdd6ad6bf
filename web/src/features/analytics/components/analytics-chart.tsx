import type { AnalyticsDimension, AnalyticsRow } from '@bt/contracts';
import { useId, useState } from 'react';
import { useTheme } from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Chart, useChartBase } from '../../../components/chart';
import { tabPanelProps, Tabs } from '../../../components/tabs';
import { formatPercent, formatProfit } from '../../../lib/format';
import { groupLabel } from '../lib/analytics-table';

type Measure = 'profit' | 'roi';
const MEASURES = [
  { value: 'profit', label: 'Profit' },
  { value: 'roi', label: 'ROI' },
] as const;

const BAR_HEIGHT = 34;

/**
 * Profit (or ROI) per group as horizontal bars, in the table's order: gains in green, losses in red.
 * ApexCharts loads only when this first shows (components/chart.tsx).
 */
export function AnalyticsChart({
  by,
  rows,
  dimensionLabel,
}: {
  by: AnalyticsDimension;
  rows: readonly AnalyticsRow[];
  dimensionLabel: string;
}) {
  const [measure, setMeasure] = useState<Measure>('profit');
  const idBase = useId();
  const base = useChartBase();
  const theme = useTheme();
  const format = (value: number) => (measure === 'profit' ? formatProfit(value) : formatPercent(value));
  const height = Math.max(160, rows.length * BAR_HEIGHT + 60);
  const name = measure === 'profit' ? 'Profit' : 'ROI';
  return (
    <Card aria-labelledby={`${idBase}-title`}>
      <CardHeader>
        <CardTitle id={`${idBase}-title`}>
          {name} by {dimensionLabel.toLowerCase()}
        </CardTitle>
        <Tabs idBase={idBase} label="Chart measure" tabs={MEASURES} value={measure} onChange={setMeasure} />
      </CardHeader>
      <CardContent {...tabPanelProps(idBase, measure)}>
        <Chart
          label={`Bar chart of ${name === 'ROI' ? 'ROI' : 'profit'} by ${dimensionLabel.toLowerCase()}; the table lists the figures`}
          type="bar"
          height={height}
          series={[{ name, data: rows.map((row) => (measure === 'profit' ? row.profit : (row.roi ?? 0))) }]}
          options={{
            ...base,
            xaxis: {
              categories: rows.map((row) => groupLabel(by, row.key)),
              // Few ticks, so the amounts stay apart on a phone.
              tickAmount: 4,
              labels: { formatter: (value: string) => format(Number(value)) },
            },
            plotOptions: {
              bar: {
                horizontal: true,
                barHeight: '60%',
                borderRadius: 3,
                colors: { ranges: [{ from: -Number.MAX_VALUE, to: -Number.MIN_VALUE, color: theme.colors.chartLoss }] },
              },
            },
            colors: [theme.colors.chartWin],
            // Phones: the amounts need the room of two ticks.
            responsive: [{ breakpoint: 640, options: { xaxis: { tickAmount: 2 } } }],
            tooltip: { ...base.tooltip, y: { formatter: (value: number) => format(value) } },
          }}
        />
      </CardContent>
    </Card>
  );
}
