import { MESSAGES, type JournalEntry, type JournalType } from '@bt/contracts';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field, Select } from '../../../components/field';
import { BookIcon, PlusIcon } from '../../../components/icons';
import { EmptyState, EmptyTitle, EmptyText, PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { toastWithUndo } from '../../../lib/undo';
import { toast } from '../../../lib/toast';
import { useDeleteEntryMutation, useGetJournalQuery, useRestoreEntryMutation } from '../api/journal-api';
import { JournalEntryCard } from '../components/journal-entry-card';
import { journalDraftKey, JournalEntryDialog } from '../components/journal-entry-dialog';
import { readDraft, useUserKey } from '../../../lib/drafts';

type TypeFilter = 'all' | JournalType;

const FILTER_LABELS: Record<TypeFilter, string> = {
  all: 'All Entries',
  daily: 'Daily Reflections',
  weekly: 'Weekly Reviews',
  monthly: 'Monthly Analysis',
};

const FilterField = styled(Field)`
  width: 220px;
  max-width: 100%;
`;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

/** By the entry's date, newest first; entries of one day by when they were written, newest first. */
const newestEntryFirst = (a: JournalEntry, b: JournalEntry) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt);

export function JournalRoute() {
  const journal = useGetJournalQuery();
  const { data } = journal;
  const view = queryView(journal);
  const [filter, setFilter] = useState<TypeFilter>('all');
  const userKey = useUserKey();
  // A new entry's draft kept when the session ended opens again, with its text, after signing in.
  const [dialog, setDialog] = useState<{ open: boolean; entry: JournalEntry | null }>(() => ({
    open: readDraft(userKey, journalDraftKey(null)) !== undefined,
    entry: null,
  }));
  const [confirming, setConfirming] = useState<JournalEntry | null>(null);
  const [deleteEntry, { isLoading: deleting }] = useDeleteEntryMutation();
  const [restoreEntry] = useRestoreEntryMutation();

  const entries = useMemo(
    () => [...(data ?? [])].filter((entry) => filter === 'all' || entry.type === filter).sort(newestEntryFirst),
    [data, filter],
  );

  const openNew = () => setDialog({ open: true, entry: null });

  const onConfirmDelete = async () => {
    if (!confirming) return;
    try {
      const { id } = confirming;
      await deleteEntry(id).unwrap();
      toastWithUndo(
        { title: 'Journal entry deleted' },
        { restore: () => restoreEntry(id).unwrap(), restored: MESSAGES.entryRestored, failed: 'Failed to restore entry' },
      );
      setConfirming(null);
    } catch {
      toast({ variant: 'destructive', title: 'Failed to delete entry', description: 'Please try again.' });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        title="Betting Journal"
        subtitle="Daily reflections, weekly reviews and monthly analysis of your betting."
        actions={
          <Button onClick={openNew}>
            <PlusIcon />
            New Entry
          </Button>
        }
      />
      <FilterField label="Filter by type">
        {(props) => (
          <Select {...props} value={filter} onChange={(e) => setFilter(e.target.value as TypeFilter)}>
            {(Object.keys(FILTER_LABELS) as TypeFilter[]).map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </FilterField>

      {view === 'error' ? (
        <Card>
          <QueryError what="your journal entries" error={journal.error} onRetry={journal.refetch} retrying={journal.isFetching} />
        </Card>
      ) : view === 'loading' ? (
        <List aria-busy="true" aria-label="Loading journal entries">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} $height="140px" />
          ))}
        </List>
      ) : (data ?? []).length === 0 ? (
        <Card>
          <EmptyState>
            <BookIcon size={40} />
            <EmptyTitle>No journal entries yet</EmptyTitle>
            <p>Keep notes on your bets to learn from every win and loss.</p>
            <Button onClick={openNew}>Write First Entry</Button>
          </EmptyState>
        </Card>
      ) : entries.length === 0 ? (
        <EmptyText>No entries of this type yet.</EmptyText>
      ) : (
        <List>
          {entries.map((entry) => (
            <JournalEntryCard
              key={entry.id}
              entry={entry}
              onEdit={() => setDialog({ open: true, entry })}
              onDelete={() => setConfirming(entry)}
              deleting={deleting}
            />
          ))}
        </List>
      )}

      <JournalEntryDialog open={dialog.open} entry={dialog.entry} onClose={() => setDialog({ open: false, entry: null })} />
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Entry"
        message="Are you sure you want to delete this journal entry? You can undo this right after."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </PageContainer>
  );
}
