import { MESSAGES, type Parlay } from '@bt/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { OutcomeBadge, ProfitText } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PencilIcon, TrashIcon } from '../../../components/icons';
import { EmptyText } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { BET_CHOICES, LEG_CHOICES, SettleChoices } from '../../../components/settle-choices';
import { Skeleton } from '../../../components/skeleton';
import { formatDate, formatMoney } from '../../../lib/format';
import { sportLabel } from '../../../lib/labels';
import { moneyWithUnits, profitWithUnits, showOdds, usePreferences } from '../../../lib/preferences';
import { toastWithUndo } from '../../../lib/undo';
import { toast } from '../../../lib/toast';
import {
  useDeleteParlayMutation,
  useGetParlaysQuery,
  useRestoreParlayMutation,
  useSettleLegMutation,
  useSettleParlayMutation,
} from '../api/parlays-api';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 1024px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Item = styled(Card).attrs({ as: 'article' })`
  padding: 18px;
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: 100%;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 8px;
  h2 {
    font-size: 1.0625rem;
    overflow-wrap: anywhere;
  }
  p {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  margin: 0;
  @media (min-width: 480px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  dt {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
`;

const Legs = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 6px;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
    padding: 8px 10px;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    font-size: 0.875rem;
  }
  span {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Notes = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Saved parlays, newest first, each with 'Edit Parlay' and a delete (confirmed, as in Bet History). */
export function ParlayHistory({ onEdit }: { onEdit: (parlay: Parlay) => void }) {
  const parlays = useGetParlaysQuery();
  const { oddsFormat } = usePreferences();
  const { data, refetch } = parlays;
  const view = queryView(parlays);
  const [deleteParlay, { isLoading: deleting }] = useDeleteParlayMutation();
  const [restoreParlay] = useRestoreParlayMutation();
  const [settleLeg] = useSettleLegMutation();
  const [settleParlay] = useSettleParlayMutation();
  const [confirming, setConfirming] = useState<Parlay | null>(null);

  // The spec's texts for deleting from history (sections 8 and 9): a parlay is a row there too.
  const onConfirmDelete = async () => {
    if (!confirming) return;
    try {
      const { id } = confirming;
      await deleteParlay({ id, version: confirming.version }).unwrap();
      toastWithUndo(
        { title: 'Success', description: 'Bet deleted successfully' },
        { restore: () => restoreParlay(id).unwrap(), restored: MESSAGES.parlayRestored, failed: 'Failed to restore parlay' },
      );
      setConfirming(null);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete bet' });
      setConfirming(null);
      refetch(); // a 409 means it changed meanwhile: show it as it is now
    }
  };
  if (view === 'error') {
    return <QueryError what="your parlays" error={parlays.error} onRetry={parlays.refetch} retrying={parlays.isFetching} />;
  }
  if (view === 'loading') {
    return (
      <List aria-busy="true" aria-label="Loading parlays">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i}>
            <Skeleton $height="180px" />
          </li>
        ))}
      </List>
    );
  }
  if (!data || data.length === 0) return <EmptyText>No parlays found</EmptyText>;
  return (
    <>
      <List aria-label="Saved parlays">
        {data.map((parlay) => (
          <li key={parlay.id}>
            <Item aria-labelledby={`parlay-${parlay.id}`}>
              <Top>
                <div>
                  <h2 id={`parlay-${parlay.id}`}>{parlay.name}</h2>
                  <p>
                    {formatDate(parlay.date)} · {parlay.legs.length} legs
                    {parlay.book && ` · ${parlay.book}`}
                    {parlay.bonusBet && ' · Bonus bet'}
                    {(parlay.tags ?? []).length > 0 && ` · ${(parlay.tags ?? []).join(', ')}`}
                  </p>
                </div>
                <OutcomeBadge outcome={parlay.outcome} />
              </Top>
              <Facts>
                <div>
                  <dt>Total Odds</dt>
                  <dd>{showOdds({ american: parlay.totalOdds, decimal: parlay.decimalOdds }, oddsFormat)}</dd>
                </div>
                <div>
                  <dt>Stake</dt>
                  <dd>{moneyWithUnits(parlay.stake, parlay.units)}</dd>
                </div>
                <div>
                  <dt>Potential Profit</dt>
                  <dd>{formatMoney(parlay.potentialProfit)}</dd>
                </div>
                <div>
                  <dt>Profit</dt>
                  <dd>
                    <ProfitText $value={parlay.profit}>{profitWithUnits(parlay.profit, parlay.profitUnits)}</ProfitText>
                  </dd>
                </div>
              </Facts>
              <Legs aria-label={`Legs of ${parlay.name}`}>
                {parlay.legs.map((leg, index) => (
                  <li key={index}>
                    <span>
                      {leg.selection}{' '}
                      <strong>
                        {leg.odds === null || leg.decimalOdds === null
                          ? 'No price'
                          : showOdds({ american: leg.odds, decimal: leg.decimalOdds }, oddsFormat)}
                      </strong>
                      <small>
                        {leg.event} · {sportLabel(leg.sport)}
                        {leg.league && ` · ${leg.league}`} · {formatDate(leg.date)}
                      </small>
                    </span>
                    <OutcomeBadge outcome={leg.outcome} />
                    {leg.outcome === 'pending' && (
                      <SettleChoices
                        label={`Settle leg ${index + 1} of ${parlay.name}`}
                        choices={LEG_CHOICES}
                        previous={{ outcome: leg.outcome, cashOutAmount: null }}
                        version={parlay.version}
                        what={`Leg ${index + 1} of ${parlay.name}`}
                        // LEG_CHOICES offer no cash-out, so the outcome is always a leg's.
                        settle={({ outcome }, version) =>
                          settleLeg({ id: parlay.id, index, outcome: outcome === 'cashout' ? 'pending' : outcome, version }).unwrap()
                        }
                      />
                    )}
                  </li>
                ))}
              </Legs>
              {parlay.notes && <Notes>{parlay.notes}</Notes>}
              {parlay.outcome === 'pending' && (
                <SettleChoices
                  label={`Settle ${parlay.name}`}
                  choices={BET_CHOICES}
                  previous={{ outcome: parlay.outcome, cashOutAmount: null }}
                  version={parlay.version}
                  what={parlay.name}
                  settle={(body, version) => settleParlay({ id: parlay.id, body, version }).unwrap()}
                />
              )}
              <Actions>
                <Button variant="outline" size="sm" onClick={() => onEdit(parlay)}>
                  <PencilIcon size={16} />
                  Edit Parlay
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setConfirming(parlay)}
                  disabled={deleting}
                  aria-label={`Delete ${parlay.name}`}
                >
                  <TrashIcon size={16} />
                  Delete
                </Button>
              </Actions>
            </Item>
          </li>
        ))}
      </List>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Parlay"
        message="Are you sure you want to delete this bet? You can undo this right after."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
