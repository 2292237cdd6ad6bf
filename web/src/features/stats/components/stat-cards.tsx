import styled from 'styled-components';
import type { PastDay } from '../../../lib/as-of';
import { BarChartIcon, ListIcon, TargetIcon, TrendUpIcon, WalletIcon } from '../../../components/icons';
import { formatPercent, formatProfit } from '../../../lib/format';
import { unitsWonText } from '../../../lib/preferences';
import { recordText } from '../lib/record';
import { DEFAULT_RANGE, useGetStatsQuery } from '../api/stats-api';
import { statTrends } from '../lib/stat-trends';
import { StatCard, StatCardSkeleton } from './stat-card';
import { Card } from '../../../components/card';
import { QueryError, queryView } from '../../../components/query-error';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 160px), 1fr));
`;

/** Closing-line value with its sign and two decimals ("+1.25%"). */
const formatClv = (clv: number): string => `${clv > 0 ? '+' : ''}${clv.toFixed(2)}%`;

const ALL_TIME = 'All time';

/**
 * Every card says its period: Win Rate (with the record), Total Profit (and units won), ROI (all-time) and Total Bets; under
 * each rate, its last 30 days beside the 30 before. A CLV card once any bet has closing odds.
 * `asOf`: as they stood at the end of that day.
 */
export function StatCards({ asOf }: { asOf?: PastDay }) {
  const stats = useGetStatsQuery({ range: DEFAULT_RANGE, asOf });
  // Only this day's answer: another day's figures never stand in while a replay runs.
  const data = stats.currentData;
  if (queryView({ data, error: stats.error }) === 'error') {
    return (
      <Card aria-label="Statistics">
        <QueryError what="your statistics" error={stats.error} onRetry={stats.refetch} retrying={stats.isFetching} />
      </Card>
    );
  }
  if (!data) {
    return (
      <Grid aria-busy="true" aria-label="Loading statistics">
        {Array.from({ length: 4 }, (_, i) => (
          <StatCardSkeleton key={i} />
        ))}
      </Grid>
    );
  }
  const trends = statTrends(data.periods);
  return (
    <Grid>
      <StatCard
        title="Win Rate"
        period={ALL_TIME}
        value={formatPercent(data.winRate)}
        icon={<TargetIcon />}
        trend={trends.winRate}
        note={data.record ? `Record ${recordText(data.record)}` : undefined}
      />
      <StatCard
        title="Total Profit"
        period={ALL_TIME}
        value={formatProfit(data.totalProfit)}
        icon={<WalletIcon />}
        trend={trends.totalProfit}
        note={data.unitsWon === null || data.unitsWon === undefined ? undefined : unitsWonText(data.unitsWon, data.unitBets, data.allBets)}
      />
      <StatCard title="ROI" period={ALL_TIME} value={formatPercent(data.roi)} icon={<BarChartIcon />} trend={trends.roi} />
      <StatCard title="Total Bets" period="Last 30 days" value={String(data.totalBets)} icon={<ListIcon />} />
      {data.averageClv !== null && data.averageClv !== undefined && (
        <StatCard
          title="CLV"
          period={ALL_TIME}
          value={formatClv(data.averageClv)}
          icon={<TrendUpIcon />}
          label={`Average closing-line value · Beat the close ${formatPercent(data.beatCloseRate)}`}
        />
      )}
    </Grid>
  );
}
