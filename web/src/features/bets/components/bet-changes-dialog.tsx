import styled from 'styled-components';
import { Dialog } from '../../../components/dialog';
import { EmptyText } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { usePreferences } from '../../../lib/preferences';
import { useGetBetChangesQuery } from '../api/bets-api';
import { describeChanges } from '../lib/changes';

const Events = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Event = styled.li`
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow-wrap: anywhere;
`;

const Heading = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  font-weight: 600;
`;

const When = styled.time`
  font-weight: 400;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Lines = styled.ul`
  margin-top: 4px;
  padding-left: 18px;
  font-size: 0.9375rem;
`;

function ChangeList({ id }: { id: string }) {
  const changes = useGetBetChangesQuery(id);
  const { oddsFormat } = usePreferences();
  const view = queryView(changes);
  if (view === 'loading') return <Skeleton $height="120px" />;
  if (view === 'error')
    return <QueryError what="the changes" error={changes.error} onRetry={changes.refetch} retrying={changes.isFetching} />;
  const events = describeChanges(changes.data ?? [], oddsFormat);
  if (events.length === 0) return <EmptyText>No changes recorded.</EmptyText>;
  return (
    <Events aria-label="Changes, oldest first">
      {events.map((event, i) => (
        <Event key={i}>
          <Heading>
            <span>{event.title}</span>
            <When dateTime={changes.data?.[i]?.at}>{event.when}</When>
          </Heading>
          {event.lines.length > 0 && (
            <Lines>
              {event.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Lines>
          )}
        </Event>
      ))}
    </Events>
  );
}

/** "Changes": every event of a bet or parlay in order, when it was recorded and what changed, in words. */
export function BetChangesDialog({ bet, onClose }: { bet: { id: string; event: string } | null; onClose: () => void }) {
  return (
    <Dialog open={bet !== null} onClose={onClose} title="Changes" description={bet?.event}>
      {bet && <ChangeList id={bet.id} />}
    </Dialog>
  );
}
