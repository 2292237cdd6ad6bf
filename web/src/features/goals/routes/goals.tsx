import { MESSAGES, type Goal } from '@bt/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PlusIcon, TargetIcon } from '../../../components/icons';
import { EmptyState, EmptyTitle, PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { AsOfBanner, AsOfControl, WritingControls } from '../../../components/time-travel';
import { useTimeTravel } from '../../../lib/as-of';
import { toastWithUndo } from '../../../lib/undo';
import { toast } from '../../../lib/toast';
import { useDeleteGoalMutation, useGetGoalsQuery, useRestoreGoalMutation } from '../api/goals-api';
import { GoalCard } from '../components/goal-card';
import { GoalDialog } from '../components/goal-dialog';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
`;

/** The goals now, or with a past "As of" day as they stood at the end of it (read only). */
export function GoalsRoute() {
  const travel = useTimeTravel();
  const past = travel.asOf !== undefined;
  const goals = useGetGoalsQuery(travel.past);
  // Only this day's answer: another day's goals never stand in while a replay runs.
  const data = goals.currentData;
  const view = queryView({ data, error: goals.error });
  const [dialog, setDialog] = useState<{ open: boolean; goal: Goal | null }>({ open: false, goal: null });
  const [confirming, setConfirming] = useState<Goal | null>(null);
  const [deleteGoal, { isLoading: deleting }] = useDeleteGoalMutation();
  const [restoreGoal] = useRestoreGoalMutation();
  const openNew = () => setDialog({ open: true, goal: null });

  const onConfirmDelete = async () => {
    if (!confirming) return;
    try {
      const { id } = confirming;
      await deleteGoal(id).unwrap();
      toastWithUndo(
        { title: 'Goal deleted successfully' },
        { restore: () => restoreGoal(id).unwrap(), restored: MESSAGES.goalRestored, failed: 'Failed to restore goal' },
      );
      setConfirming(null);
    } catch {
      toast({ variant: 'destructive', title: 'Failed to delete goal', description: 'Please try again.' });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        title="Profit Goals"
        subtitle="Set profit targets and follow your progress toward them."
        actions={
          <>
            <AsOfControl travel={travel} />
            <WritingControls readOnly={past}>
              <Button onClick={openNew}>
                <PlusIcon />
                New Goal
              </Button>
            </WritingControls>
          </>
        }
      />
      <AsOfBanner travel={travel} />
      {view === 'error' ? (
        <Card>
          <QueryError what="your goals" error={goals.error} onRetry={goals.refetch} retrying={goals.isFetching} />
        </Card>
      ) : view === 'loading' ? (
        <Grid aria-busy="true" aria-label="Loading goals">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} $height="220px" />
          ))}
        </Grid>
      ) : !data || data.length === 0 ? (
        <Card>
          <EmptyState>
            <TargetIcon size={40} />
            <EmptyTitle>No profit goals yet</EmptyTitle>
            <p>Set a target to stay focused on your betting results.</p>
            <WritingControls readOnly={past}>
              <Button onClick={openNew}>Create First Goal</Button>
            </WritingControls>
          </EmptyState>
        </Card>
      ) : (
        <Grid>
          {data.map((goal) => (
            <WritingControls key={goal.id} readOnly={past}>
              <GoalCard
                goal={goal}
                onEdit={() => setDialog({ open: true, goal })}
                onDelete={() => setConfirming(goal)}
                deleting={deleting}
              />
            </WritingControls>
          ))}
        </Grid>
      )}
      <GoalDialog open={dialog.open} goal={dialog.goal} onClose={() => setDialog({ open: false, goal: null })} />
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Goal"
        message="Are you sure you want to delete this goal? You can undo this right after."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </PageContainer>
  );
}
