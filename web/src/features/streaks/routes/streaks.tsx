import styled from 'styled-components';
import { EmptyText, PageContainer, PageHeader } from '../../../components/page';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-error';
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
  const { data, isLoading, error } = useGetStreaksQuery();
  return (
    <PageContainer>
      <PageHeader title="Hot/Cold Streaks Analysis" subtitle="Your runs of wins and losses, in the order the bets were dated." />
      {isLoading ? (
        <Grid aria-busy="true" aria-label="Loading streaks">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} $height="220px" />
          ))}
        </Grid>
      ) : !data ? (
        <EmptyText role="alert">Could not load your streaks ({isApiError(error) ? error.message : 'network error'}).</EmptyText>
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
