import styled from 'styled-components';
import { Card } from '../../../components/card';
import { PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { AsOfBanner, AsOfControl } from '../../../components/time-travel';
import { useTimeTravel } from '../../../lib/as-of';
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

/** The streaks now, or with a past "As of" day as they stood at the end of it. */
export function StreaksRoute() {
  const travel = useTimeTravel();
  const streaks = useGetStreaksQuery(travel.past);
  // Only this day's answer: another day's streaks never stand in while a replay runs.
  const data = streaks.currentData;
  const view = queryView({ data, error: streaks.error });
  return (
    <PageContainer>
      <PageHeader
        title="Hot/Cold Streaks Analysis"
        subtitle="Your runs of wins and losses, in the order the bets were dated."
        actions={<AsOfControl travel={travel} />}
      />
      <AsOfBanner travel={travel} />
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
