import type { Goal } from '@bt/contracts';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { CalendarIcon, PencilIcon, TrashIcon } from '../../../components/icons';
import { Progress } from '../../../components/progress';
import { formatDayRange, formatMoney, formatPercent } from '../../../lib/format';
import { GOAL_STATUS_LABELS, TIMEFRAME_LABELS } from '../../../lib/labels';

const Item = styled(Card).attrs({ as: 'article' })`
  padding: 18px 20px;
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
    font-size: 1.125rem;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: 0.875rem;
  font-variant-numeric: tabular-nums;
  strong {
    font-weight: 700;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 4px;
  flex-shrink: 0;
`;

const STATUS_TONES: Record<Goal['status'], BadgeTone> = { active: 'primary', completed: 'win', failed: 'loss', paused: 'warning' };

/** Spec 9: progress is limited to 0-100 and shown to 1 decimal. */
const clampProgress = (value: number) => Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

interface GoalCardProps {
  goal: Goal;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}

export function GoalCard({ goal, onEdit, onDelete, deleting }: GoalCardProps) {
  const titleId = `goal-${goal.id}`;
  const progress = clampProgress(goal.progress);
  const daysLeft = Math.max(0, goal.daysLeft);
  return (
    <Item aria-labelledby={titleId}>
      <Top>
        <div>
          <h2 id={titleId}>{goal.title}</h2>
          <Muted>
            <CalendarIcon size={14} />
            {TIMEFRAME_LABELS[goal.timeframe]} · {formatDayRange(goal.startDate, goal.endDate)}
          </Muted>
        </div>
        <Badge $tone={STATUS_TONES[goal.status]}>{GOAL_STATUS_LABELS[goal.status]}</Badge>
      </Top>
      {goal.description && <p>{goal.description}</p>}
      <Row>
        <span>
          <strong>{formatMoney(Math.max(0, goal.currentAmount))}</strong> of {formatMoney(goal.targetAmount)}
        </span>
        <strong>{formatPercent(progress)}</strong>
      </Row>
      <Progress
        label={`Progress of ${goal.title}`}
        value={progress}
        valueText={formatPercent(progress)}
        tone={goal.status === 'completed' ? 'win' : 'primary'}
      />
      <Row>
        <span>
          {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
        </span>
        <span>{formatMoney(Math.max(0, goal.amountToGo))} to go</span>
      </Row>
      <Actions>
        <Button variant="outline" size="sm" aria-label={`Edit ${goal.title}`} onClick={onEdit}>
          <PencilIcon size={16} />
          Edit
        </Button>
        <Button variant="outline" size="sm" aria-label={`Delete ${goal.title}`} onClick={onDelete} disabled={deleting}>
          <TrashIcon size={16} />
          Delete
        </Button>
      </Actions>
    </Item>
  );
}
