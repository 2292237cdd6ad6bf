import type { StreakStats } from '@bt/contracts';
import styled, { useTheme } from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Chart, useChartBase } from '../../../components/chart';
import { EmptyText } from '../../../components/page';
import { formatDate, formatMonth } from '../../../lib/format';
import { streakLengthText } from './streak-text';

const HEIGHT = 280;

const Legend = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: flex;
  justify-content: center;
  gap: 20px;
  font-size: 0.875rem;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
  }
`;

const Swatch = styled.span`
  width: 12px;
  height: 12px;
  border-radius: 3px;
`;

/** Bars of the recent streaks in date order: length, green for wins and red for losses. */
export function RecentStreaksChart({ stats }: { stats: StreakStats }) {
  const base = useChartBase();
  const theme = useTheme();
  const streaks = [...stats.recentStreaks].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return (
    <Card aria-labelledby="recent-performance-title">
      <CardHeader>
        <CardTitle id="recent-performance-title">Recent Streak Performance</CardTitle>
      </CardHeader>
      <CardContent>
        {streaks.length === 0 ? (
          <EmptyText>No streak data available yet</EmptyText>
        ) : (
          <Chart
            label={`Recent streaks: ${streaks.map(streakLengthText).join(', ')}`}
            type="bar"
            height={HEIGHT}
            series={[{ name: 'Streak length', data: streaks.map((s) => s.length) }]}
            options={{
              ...base,
              colors: streaks.map((s) => (s.type === 'win' ? theme.colors.chartWin : theme.colors.chartLoss)),
              plotOptions: { bar: { distributed: true, borderRadius: 4, columnWidth: '55%' } },
              legend: { show: false },
              xaxis: { categories: streaks.map((s) => formatDate(s.startDate)) },
              yaxis: { labels: { formatter: (v: number) => String(Math.round(v)) } },
              tooltip: {
                ...base.tooltip,
                y: { formatter: (_v: number, opts?: { dataPointIndex: number }) => streakLengthText(streaks[opts?.dataPointIndex ?? 0]) },
              },
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Stacked bars per month: how many win streaks (green) and loss streaks (red) ended there. */
export function MonthlyStreaksChart({ stats }: { stats: StreakStats }) {
  const base = useChartBase();
  const theme = useTheme();
  const months = [...stats.streaksByMonth].sort((a, b) => a.month.localeCompare(b.month));
  return (
    <Card aria-labelledby="monthly-streaks-title">
      <CardHeader>
        <CardTitle id="monthly-streaks-title">Monthly Streak Distribution</CardTitle>
      </CardHeader>
      <CardContent>
        {months.length === 0 ? (
          <EmptyText>No streak data available yet</EmptyText>
        ) : (
          <Chart
            label={`Streaks by month: ${months.map((m) => `${formatMonth(m.month)} ${m.winStreaks} win, ${m.lossStreaks} loss`).join('; ')}`}
            type="bar"
            height={HEIGHT}
            series={[
              { name: 'Win Streaks', data: months.map((m) => m.winStreaks) },
              { name: 'Loss Streaks', data: months.map((m) => m.lossStreaks) },
            ]}
            options={{
              ...base,
              chart: { ...base.chart, stacked: true },
              colors: [theme.colors.chartWin, theme.colors.chartLoss],
              plotOptions: { bar: { borderRadius: 4, columnWidth: '55%' } },
              xaxis: { categories: months.map((m) => formatMonth(m.month)) },
              yaxis: { labels: { formatter: (v: number) => String(Math.round(v)) } },
              legend: { show: false },
            }}
          />
        )}
        {months.length > 0 && (
          <Legend aria-label="Chart legend">
            <li>
              <Swatch style={{ background: theme.colors.chartWin }} aria-hidden="true" />
              Win Streaks
            </li>
            <li>
              <Swatch style={{ background: theme.colors.chartLoss }} aria-hidden="true" />
              Loss Streaks
            </li>
          </Legend>
        )}
      </CardContent>
    </Card>
  );
}
