import styled from 'styled-components';
import { Deferred } from '../../components/deferred';
import { PageContainer, PageHeader } from '../../components/page';
import { AsOfBanner, AsOfControl, WritingControls } from '../../components/time-travel';
import { bankrollApi } from '../../features/bankroll/api/bankroll-api';
import { betsApi } from '../../features/bets/api/bets-api';
import { AddBetForm } from '../../features/bets/components/add-bet-form';
import { PENDING, RECENT, RecentBets } from '../../features/bets/components/recent-bets';
import { DEFAULT_RANGE, statsApi } from '../../features/stats/api/stats-api';
import { PerformanceChart } from '../../features/stats/components/performance-chart';
import { SportChart } from '../../features/stats/components/sport-chart';
import { StatCards } from '../../features/stats/components/stat-cards';
import { useTimeTravel } from '../../lib/as-of';
import { preferencesApi } from '../../lib/preferences';
import type { AppDispatch } from '../store';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from './dashboard-heading';

const Row = styled.div<{ $wide?: boolean }>`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 1024px) {
    grid-template-columns: ${({ $wide }) => ($wide ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))')};
    align-items: start;
  }
`;

/** Below the large breakpoint (one column) the recent bets, with the pending ones to settle, come before the form. */
const SettleFirst = styled.div`
  min-width: 0;
  @media (max-width: 1023px) {
    order: -1;
  }
`;

/**
 * Today's reads of the dashboard's first screen (the figures, the charts, the recent and pending
 * bets, the form's books, the settings, the header's bankroll), asked for by the router once the
 * screen's code is in and before it renders, with the same arguments as the components: the screen
 * then renders once with their answers. Rendered before them, it committed once with skeletons and
 * then again for each answer, and RTK Query tells its subscribers in an animation frame, outside any
 * transition, so each answer was a synchronous render, a task of 15-60 ms here (4x on Lighthouse's
 * phone) after the first paint (issue 37). Settles when every read has answered or failed.
 */
export const readFirstScreen = (dispatch: AppDispatch) =>
  Promise.allSettled([
    dispatch(statsApi.endpoints.getStats.initiate({ range: DEFAULT_RANGE, asOf: undefined }, { subscribe: false })),
    dispatch(betsApi.endpoints.getBetsPage.initiate(RECENT, { subscribe: false })),
    dispatch(betsApi.endpoints.getBetsPage.initiate(PENDING, { subscribe: false })),
    dispatch(betsApi.endpoints.getBookUsage.initiate(undefined, { subscribe: false })),
    dispatch(preferencesApi.endpoints.getSettings.initiate(undefined, { subscribe: false })),
    dispatch(bankrollApi.endpoints.getBankroll.initiate(undefined, { subscribe: false })),
  ]);

/**
 * The dashboard composes two features (stats and bets), so it lives here in app/ rather than in
 * either feature: features do not import each other. With a past "As of" day, every figure and
 * chart, and the recent bets, are the record at the end of that day and nothing can be added.
 * Below the figures, the charts, the form and the recent bets come in three commits, one after
 * another: started together, their queries and first renders made one task of about 65 ms (on a
 * phone's CPU, four times that), the longest of the page's load.
 */
export function DashboardRoute() {
  const travel = useTimeTravel();
  const asOf = travel.past;
  return (
    <PageContainer>
      <PageHeader title={DASHBOARD_TITLE} subtitle={DASHBOARD_SUBTITLE} actions={<AsOfControl travel={travel} />} />
      <AsOfBanner travel={travel} />
      <StatCards asOf={asOf} />
      <Deferred minHeight="100vh">
        <>
          <Row $wide>
            <PerformanceChart asOf={asOf} />
            <SportChart asOf={asOf} />
          </Row>
          <Deferred minHeight="100vh">
            <Row>
              <WritingControls readOnly={asOf !== undefined}>
                <AddBetForm />
              </WritingControls>
              <SettleFirst>
                <Deferred minHeight="0">
                  <RecentBets asOf={asOf} />
                </Deferred>
              </SettleFirst>
            </Row>
          </Deferred>
        </>
      </Deferred>
    </PageContainer>
  );
}
