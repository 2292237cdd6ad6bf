import { DEFAULTS, type Goal, GOAL_TIMEFRAMES, type GoalTimeframe, goalEndDate, isIsoDate, MESSAGES } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field, FieldGrid, FormActions, FormStack, Input, Select, Textarea } from '../../../components/field';
import { today } from '../../../lib/dates';
import { formatDayRange } from '../../../lib/format';
import { GOAL_STATUS_LABELS, TIMEFRAME_LABELS } from '../../../lib/labels';
import { toast } from '../../../lib/toast';
import { useCreateGoalMutation, useUpdateGoalMutation, type GoalInput } from '../api/goals-api';

interface GoalFormValues {
  title: string;
  targetAmount: string;
  timeframe: GoalTimeframe;
  startDate: string;
  description: string;
  /** The one status a bettor chooses: paused or not. Completed and failed are computed from the bets. */
  status: ChosenStatus;
}

type ChosenStatus = 'active' | 'paused';
const CHOSEN_STATUSES: readonly ChosenStatus[] = ['active', 'paused'];

const EndDate = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const valuesFrom = (goal: Goal | null): GoalFormValues =>
  goal
    ? {
        title: goal.title,
        targetAmount: String(goal.targetAmount),
        timeframe: goal.timeframe,
        startDate: goal.startDate,
        description: goal.description ?? '',
        status: goal.status === 'paused' ? 'paused' : 'active',
      }
    : { title: '', targetAmount: '', timeframe: DEFAULTS.goalTimeframe, startDate: today(), description: '', status: 'active' };

/** Completed and failed are not chosen: they follow from the profit in the goal's window. */
const statusHint = (goal: Goal): string =>
  goal.status === 'completed' || goal.status === 'failed'
    ? `${GOAL_STATUS_LABELS[goal.status]}: worked out from your bets.`
    : 'Completed and failed are worked out from your bets.';

function GoalForm({ goal, onDone }: { goal: Goal | null; onDone: () => void }) {
  const [values, setValues] = useState<GoalFormValues>(() => valuesFrom(goal));
  const [createGoal, { isLoading: creating }] = useCreateGoalMutation();
  const [updateGoal, { isLoading: updating }] = useUpdateGoalMutation();
  const set = <K extends keyof GoalFormValues>(key: K, value: GoalFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const startDate = isIsoDate(values.startDate) ? values.startDate : today();
  const endDate = goalEndDate(startDate, values.timeframe);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim() || values.targetAmount.trim() === '') {
      toast({ variant: 'destructive', title: 'Missing information', description: MESSAGES.goalMissing });
      return;
    }
    const target = Number.parseFloat(values.targetAmount);
    if (!Number.isFinite(target) || target <= 0) {
      toast({ variant: 'destructive', title: 'Invalid amount', description: MESSAGES.goalAmount });
      return;
    }
    const body: GoalInput = {
      title: values.title.trim(),
      targetAmount: Math.round(target * 100) / 100,
      timeframe: values.timeframe,
      description: values.description.trim() || null,
      startDate,
      endDate,
      currentAmount: goal?.currentAmount ?? 0,
      status: values.status,
    };
    if (goal) {
      try {
        await updateGoal({ id: goal.id, body }).unwrap();
        toast({ title: 'Goal updated successfully' });
        onDone();
      } catch {
        toast({ variant: 'destructive', title: 'Failed to update goal', description: 'Please try again.' });
      }
    } else {
      try {
        await createGoal(body).unwrap();
        toast({ title: 'Goal created successfully' });
        onDone();
      } catch {
        toast({ variant: 'destructive', title: 'Failed to create goal', description: 'Please try again.' });
      }
    }
  };

  const busy = creating || updating;
  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <Field label="Goal Title" required>
        {(props) => (
          <Input
            {...props}
            placeholder="e.g., Monthly profit target"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <FieldGrid>
        <Field label="Target Amount ($)" required>
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="500.00"
              value={values.targetAmount}
              onChange={(e) => set('targetAmount', e.target.value)}
            />
          )}
        </Field>
        <Field label="Timeframe">
          {(props) => (
            <Select {...props} value={values.timeframe} onChange={(e) => set('timeframe', e.target.value as GoalFormValues['timeframe'])}>
              {GOAL_TIMEFRAMES.map((timeframe) => (
                <option key={timeframe} value={timeframe}>
                  {TIMEFRAME_LABELS[timeframe]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </FieldGrid>
      <FieldGrid>
        <Field label="Start Date">
          {(props) => <Input {...props} type="date" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} />}
        </Field>
        {goal && (
          <Field label="Status" hint={statusHint(goal)}>
            {(props) => (
              <Select {...props} value={values.status} onChange={(e) => set('status', e.target.value as ChosenStatus)}>
                {CHOSEN_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {GOAL_STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </FieldGrid>
      <EndDate aria-live="polite">Runs {formatDayRange(startDate, endDate)}, both days included</EndDate>
      <Field label="Description">
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            placeholder="What this goal means to you..."
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {goal ? (busy ? 'Updating...' : 'Update Goal') : busy ? 'Creating...' : 'Create Goal'}
        </Button>
      </FormActions>
    </FormStack>
  );
}

interface GoalDialogProps {
  open: boolean;
  goal: Goal | null;
  onClose: () => void;
}

export function GoalDialog({ open, goal, onClose }: GoalDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={goal ? 'Edit Goal' : 'New Goal'}
      description="Set a profit target for a day, week, month or year."
    >
      <GoalForm goal={goal} onDone={onClose} />
    </Dialog>
  );
}
