import { MESSAGES, type BetRow } from '@bt/contracts';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { EmptyText } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { formatDate, formatMoney, formatProfit } from '../../../lib/format';
import { sportLabel } from '../../../lib/labels';
import { runUndo } from '../../../lib/undo';
import { useGetDeletedBetsQuery, useRestoreBetMutation } from '../api/bets-api';

const List = styled.ul`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const What = styled.div`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Name = styled.p`
  font-weight: 600;
`;

const Meta = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The removed bets and parlays, newest removal first, each with "Restore" (History's "Show deleted"). */
export function DeletedBets() {
  const deleted = useGetDeletedBetsQuery();
  const [restoreBet, { isLoading: restoring }] = useRestoreBetMutation();
  const view = queryView(deleted);

  const onRestore = (bet: BetRow) =>
    runUndo({
      restore: () => restoreBet(bet.id).unwrap(),
      restored: bet.kind === 'parlay' ? MESSAGES.parlayRestored : MESSAGES.betRestored,
      failed: bet.kind === 'parlay' ? 'Failed to restore parlay' : 'Failed to restore bet',
    });

  if (view === 'loading') return <Skeleton $height="88px" />;
  if (view === 'error')
    return <QueryError what="your deleted bets" error={deleted.error} onRetry={deleted.refetch} retrying={deleted.isFetching} />;
  const rows = deleted.data ?? [];
  if (rows.length === 0) return <EmptyText>No deleted bets.</EmptyText>;
  return (
    <List aria-label="Deleted bets">
      {rows.map((bet) => (
        <Item key={bet.id}>
          <What>
            <Name>{bet.event}</Name>
            <Meta>
              {sportLabel(bet.sport)} · {formatDate(bet.date)} · Stake {formatMoney(bet.stake)} · {formatProfit(bet.profit)}
              {bet.deletedAt ? ` · Deleted ${formatDate(bet.deletedAt)}` : ''}
            </Meta>
          </What>
          <Button variant="outline" size="sm" onClick={() => void onRestore(bet)} disabled={restoring} aria-label={`Restore ${bet.event}`}>
            Restore
          </Button>
        </Item>
      ))}
    </List>
  );
}
