import styled from 'styled-components';
import { Card } from '../../../components/card';
import { PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { useGetStreaksQuery } from '../api/streaks-api';
import { CurrentStreakCard, RecentStreaksList, RecordStreaksCard } from '../components/streak-cards';
import { MonthlyStreaksChart, RecentStreaksChart } from '../components/streak-charts';

const Grid = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 1024px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

export function StreaksRoute() {
  const streaks = useGetStreaksQuery();
  const { data } = streaks;
  const view = queryView(streaks);
  return (
    <PageContainer>
      <PageHeader title="Hot/Cold Streaks Analysis" subtitle="Your runs of wins and losses, in the order the bets were dated." />
      {view === 'error' ? (
        <Card>
          <QueryError what="your streaks" error={streaks.error} onRetry={streaks.refetch} retrying={streaks.isFetching} />
        </Card>
      ) : view === 'loading' || !data ? (
        <Grid aria-busy="true" aria-label="Loading streaks">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} $height="220px" />
          ))}
        </Grid>
      ) : (
        <>
          <Grid>
            <CurrentStreakCard stats={data} />
            <RecordStreaksCard stats={data} />
          </Grid>
          <Grid>
            <RecentStreaksChart stats={data} />
            <MonthlyStreaksChart stats={data} />
          </Grid>
          <RecentStreaksList stats={data} />
        </>
      )}
    </PageContainer>
  );
}
