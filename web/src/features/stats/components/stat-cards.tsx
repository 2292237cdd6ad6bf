import styled from 'styled-components';
import { BarChartIcon, ListIcon, TargetIcon, WalletIcon } from '../../../components/icons';
import { formatPercent, formatProfit, formatSignedPercent } from '../../../lib/format';
import { DEFAULT_RANGE, useGetStatsQuery } from '../api/stats-api';
import { StatCard, StatCardSkeleton } from './stat-card';
import { Card } from '../../../components/card';
import { QueryError, queryView } from '../../../components/query-error';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 160px), 1fr));
`;

/** Win Rate, Total Profit, ROI and Total Bets; trends are this 30 days against the 30 before. */
export function StatCards() {
  const stats = useGetStatsQuery(DEFAULT_RANGE);
  const { data } = stats;
  if (queryView(stats) === 'error') {
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
  const { trends } = data;
  return (
    <Grid>
      <StatCard
        title="Win Rate"
        value={formatPercent(data.winRate)}
        icon={<TargetIcon />}
        trend={{ text: formatSignedPercent(trends.winRate), up: trends.winRate >= 0 }}
      />
      <StatCard
        title="Total Profit"
        value={formatProfit(data.totalProfit)}
        icon={<WalletIcon />}
        trend={{ text: formatProfit(trends.totalProfit), up: trends.totalProfit >= 0 }}
      />
      <StatCard
        title="ROI"
        value={formatPercent(data.roi)}
        icon={<BarChartIcon />}
        trend={{ text: formatSignedPercent(trends.roi), up: trends.roi >= 0 }}
      />
      <StatCard title="Total Bets" value={String(data.totalBets)} icon={<ListIcon />} label="Last 30 days" />
    </Grid>
  );
}
