import styled from 'styled-components';
import { OutcomeBadge, ProfitText } from '../../../components/badge';
import { ButtonLink } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { EmptyText } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { asOfParams, type PastDay } from '../../../lib/as-of';
import { formatDate } from '../../../lib/format';
import { wagerKindLabel } from '../../../lib/labels';
import { moneyWithUnits, profitWithUnits, showOdds, usePreferences } from '../../../lib/preferences';
import { useGetBetsPageQuery } from '../api/bets-api';
import { PENDING_HISTORY_PATH } from '../lib/history';
import { SettleButtons } from './settle-buttons';

const RECENT_COUNT = 4;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
`;

const HeaderLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`;

const Main = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
  strong {
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
  flex-shrink: 0;
`;

/** Newest first over all time: the first page is the recent bets; the pending page's total is the count. */
export const RECENT = { page: '1', pageSize: String(RECENT_COUNT), period: 'all' };
export const PENDING = { page: '1', pageSize: '1', period: 'all', outcome: 'pending' };

/**
 * The first 4 history rows, with 'View All' to /history: two small pages, never the whole history.
 * With `asOf` (a past day), the first page as the record stood at the end of that day (a replay),
 * read only: no settle buttons, no pending link (it leads to today's history).
 */
export function RecentBets({ asOf }: { asOf?: PastDay }) {
  const past = asOf !== undefined;
  const result = useGetBetsPageQuery(past ? { ...RECENT, ...asOfParams(asOf) } : RECENT);
  const pendingPage = useGetBetsPageQuery(PENDING, { skip: past });
  const { oddsFormat } = usePreferences();
  // currentData: while another day's page loads, the skeleton rather than the last day's rows.
  const data = result.currentData;
  const view = queryView({ data, error: result.error });
  const bets = data?.items ?? [];
  // The rows Bet History lists under outcome 'Pending' and period 'All time'.
  const pending = past ? 0 : (pendingPage.data?.total ?? 0);
  return (
    <Card aria-labelledby="recent-bets-title" aria-busy={view === 'loading'}>
      <CardHeader>
        <CardTitle id="recent-bets-title">Recent Bets</CardTitle>
        <HeaderLinks>
          {pending > 0 && (
            <ButtonLink to={PENDING_HISTORY_PATH} variant="outline" size="sm">
              Pending: {pending}
            </ButtonLink>
          )}
          <ButtonLink to="/history" variant="outline" size="sm">
            View All
          </ButtonLink>
        </HeaderLinks>
      </CardHeader>
      <CardContent>
        {view === 'error' ? (
          <QueryError what="your recent bets" error={result.error} onRetry={result.refetch} retrying={result.isFetching} />
        ) : view === 'loading' ? (
          <List>
            {Array.from({ length: RECENT_COUNT }, (_, i) => (
              <li key={i}>
                <Skeleton $height="56px" />
              </li>
            ))}
          </List>
        ) : bets.length === 0 ? (
          <EmptyText>No bets recorded yet. Add your first bet!</EmptyText>
        ) : (
          <List>
            {bets.map((bet) => (
              <Item key={bet.id}>
                <Row>
                  <Main>
                    <strong>{bet.event}</strong>
                    <Meta>
                      {wagerKindLabel(bet)} · {showOdds({ american: bet.odds, decimal: bet.decimalOdds }, oddsFormat)}
                      {bet.book && ` · ${bet.book}`}
                    </Meta>
                    <Meta>
                      {formatDate(bet.date)} · Stake {moneyWithUnits(bet.stake, bet.units)}
                      {bet.bonusBet && ' · Bonus bet'}
                    </Meta>
                  </Main>
                  <Side>
                    <OutcomeBadge outcome={bet.outcome} />
                    <ProfitText $value={bet.profit}>{profitWithUnits(bet.profit, bet.profitUnits)}</ProfitText>
                  </Side>
                </Row>
                {!past && <SettleButtons bet={bet} />}
              </Item>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
