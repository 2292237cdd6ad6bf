import type { JournalEntry } from '@bt/contracts';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { PencilIcon, TrashIcon } from '../../../components/icons';
import { formatDate } from '../../../lib/format';
import { JOURNAL_TYPE_LABELS, MOOD_LABELS } from '../../../lib/labels';

const Item = styled(Card).attrs({ as: 'article' })`
  padding: 18px 20px;
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 12px;
  h2 {
    font-size: 1.125rem;
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Content = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  li {
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radii.full};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 0.8125rem;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 4px;
  flex-shrink: 0;
`;

const MOOD_TONES: Record<JournalEntry['mood'], BadgeTone> = { positive: 'win', neutral: 'neutral', negative: 'loss' };

interface JournalEntryCardProps {
  entry: JournalEntry;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}

export function JournalEntryCard({ entry, onEdit, onDelete, deleting }: JournalEntryCardProps) {
  const titleId = `entry-${entry.id}`;
  return (
    <Item aria-labelledby={titleId}>
      <Top>
        <div>
          <h2 id={titleId}>{entry.title}</h2>
          <Meta>
            <span>{formatDate(entry.date)}</span>
            <Badge $tone="primary">{JOURNAL_TYPE_LABELS[entry.type]}</Badge>
            <Badge $tone={MOOD_TONES[entry.mood]}>{MOOD_LABELS[entry.mood]}</Badge>
          </Meta>
        </div>
        <Actions>
          <Button variant="ghost" size="icon" aria-label={`Edit ${entry.title}`} onClick={onEdit}>
            <PencilIcon />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete ${entry.title}`} onClick={onDelete} disabled={deleting}>
            <TrashIcon />
          </Button>
        </Actions>
      </Top>
      <Content>{entry.content}</Content>
      {entry.tags.length > 0 && (
        <Tags aria-label="Tags">
          {entry.tags.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </Tags>
      )}
    </Item>
  );
}
