import { MESSAGES, type BetRow } from '@bt/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card, CardContent } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DownloadIcon, UploadIcon } from '../../../components/icons';
import { EmptyText, PageContainer, PageHeader } from '../../../components/page';
import { Pagination } from '../../../components/pagination';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-error';
import { today } from '../../../lib/dates';
import { paginate } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { toastWithUndo } from '../../../lib/undo';
import { downloadBetsCsv, useDeleteBetMutation, useGetBetsQuery, useRestoreBetMutation } from '../api/bets-api';
import { BetChangesDialog } from '../components/bet-changes-dialog';
import { DeletedBets } from '../components/deleted-bets';
import { EditBetDialog } from '../components/edit-bet-dialog';
import { HistoryFiltersBar } from '../components/history-filters';
import { HistoryTable } from '../components/history-table';
import { ImportDialog } from '../components/import-dialog';
import {
  filterChoices,
  filterRows,
  historyViewFromParams,
  nextSort,
  paramsFromHistoryView,
  sortRows,
  type HistoryFilters,
  type HistoryView,
  type SortState,
} from '../lib/history';

/** Spec section 9: 6 rows a page. */
const PAGE_SIZE = 6;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Count = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function BetHistoryRoute() {
  const bets = useGetBetsQuery();
  const { data } = bets;
  const status = queryView(bets);
  // Filters, sort, search and page live in the query string: back, reload and a bookmark keep them.
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => historyViewFromParams(params), [params]);
  const { filters, sort, page } = view;
  /* Typing in the search box replaces the entry rather than leaving one per keystroke. */
  const showView = (next: HistoryView, replace = false) => setParams(paramsFromHistoryView(next), { replace });
  const [editing, setEditing] = useState<BetRow | null>(null);
  const [confirming, setConfirming] = useState<BetRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [deleteBet, { isLoading: deleting }] = useDeleteBetMutation();
  const [restoreBet] = useRestoreBetMutation();
  const [showDeleted, setShowDeleted] = useState(false);
  const [changesOf, setChangesOf] = useState<BetRow | null>(null);

  const visible = useMemo(() => sortRows(filterRows(data ?? [], filters, today()), sort), [data, filters, sort]);
  const paged = paginate(visible, page, PAGE_SIZE);
  const choices = useMemo(() => filterChoices(data ?? []), [data]);

  const changeFilters = (next: HistoryFilters) => showView({ ...view, filters: next, page: 1 }, next.search !== filters.search);
  const changeSort = (next: SortState) => showView({ ...view, sort: next, page: 1 });
  const setPage = (next: number) => showView({ ...view, page: next });

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadBetsCsv();
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Export failed', description: isApiError(cause) ? cause.message : 'Please try again.' });
    } finally {
      setExporting(false);
    }
  };

  const onConfirmDelete = async () => {
    if (!confirming) return;
    try {
      const { id, kind } = confirming;
      await deleteBet(id).unwrap();
      toastWithUndo(
        { title: 'Success', description: 'Bet deleted successfully' },
        {
          restore: () => restoreBet(id).unwrap(),
          restored: kind === 'parlay' ? MESSAGES.parlayRestored : MESSAGES.betRestored,
          failed: kind === 'parlay' ? 'Failed to restore parlay' : 'Failed to restore bet',
        },
      );
      setConfirming(null);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete bet' });
    }
  };

  const first = (paged.page - 1) * PAGE_SIZE + 1;
  const last = first + paged.rows.length - 1;

  return (
    <PageContainer>
      <PageHeader
        title="Bet History"
        subtitle="Every bet and parlay you have recorded."
        actions={
          <>
            <Button variant="outline" onClick={onExport} disabled={exporting}>
              <DownloadIcon />
              {exporting ? 'Exporting...' : 'Export CSV'}
            </Button>
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <UploadIcon />
              Import CSV
            </Button>
            <Button variant={showDeleted ? 'primary' : 'outline'} aria-pressed={showDeleted} onClick={() => setShowDeleted((on) => !on)}>
              Show deleted
            </Button>
          </>
        }
      />
      {showDeleted && (
        <Card aria-label="Deleted bets">
          <CardContent>
            <DeletedBets />
          </CardContent>
        </Card>
      )}
      <Card aria-label="Bets" aria-busy={status === 'loading'} style={showDeleted ? { display: 'none' } : undefined}>
        <CardContent>
          <Stack>
            <HistoryFiltersBar filters={filters} onChange={changeFilters} choices={choices} />
            {status === 'loading' ? (
              <Stack>
                {Array.from({ length: PAGE_SIZE }, (_, i) => (
                  <Skeleton key={i} $height="44px" />
                ))}
              </Stack>
            ) : status === 'error' ? (
              <QueryError what="your bets" error={bets.error} onRetry={bets.refetch} retrying={bets.isFetching} />
            ) : visible.length === 0 ? (
              <EmptyText>No bets found. Try adjusting your filters or add a new bet.</EmptyText>
            ) : (
              <>
                <Count aria-live="polite">
                  Showing {first}–{last} of {visible.length} {visible.length === 1 ? 'bet' : 'bets'}
                </Count>
                <HistoryTable
                  rows={paged.rows}
                  sort={sort}
                  onSort={(key) => changeSort(nextSort(sort, key))}
                  onSortChange={changeSort}
                  onEdit={setEditing}
                  onDelete={setConfirming}
                  onChanges={setChangesOf}
                  deleting={deleting}
                />
                <Pagination page={paged.page} totalPages={paged.totalPages} onChange={setPage} label="Bet history pages" />
              </>
            )}
          </Stack>
        </CardContent>
      </Card>

      <BetChangesDialog bet={changesOf} onClose={() => setChangesOf(null)} />
      <EditBetDialog bet={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Bet"
        message="Are you sure you want to delete this bet? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setConfirming(null)}
      />
      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
    </PageContainer>
  );
}
