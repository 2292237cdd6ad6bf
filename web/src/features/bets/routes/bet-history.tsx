import { historyPaging, MESSAGES, type BetRow, type HistoryFilters, type HistorySort } from '@bt/contracts';
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
import { toast } from '../../../lib/toast';
import { toastWithUndo } from '../../../lib/undo';
import {
  downloadBetsCsv,
  useDeleteBetMutation,
  useGetBetsPageQuery,
  useGetHistoryChoiceKeysQuery,
  useRestoreBetMutation,
} from '../api/bets-api';
import { BetChangesDialog } from '../components/bet-changes-dialog';
import { DeletedBets } from '../components/deleted-bets';
import { EditBetDialog } from '../components/edit-bet-dialog';
import { HistoryFiltersBar } from '../components/history-filters';
import { HistoryTable } from '../components/history-table';
import { ImportDialog } from '../components/import-dialog';
import { betsPageQuery, filterChoices, historyViewFromParams, nextSort, paramsFromHistoryView, type HistoryView } from '../lib/history';

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
  // Filters, sort, search and page live in the query string: back, reload and a bookmark keep them.
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => historyViewFromParams(params), [params]);
  const { filters, sort } = view;
  // The server filters, sorts and pages (GET /api/bets?page=); while the next page loads the last one stays.
  const bets = useGetBetsPageQuery(betsPageQuery(view, PAGE_SIZE, today()));
  const { data } = bets;
  const status = queryView(bets);
  const choiceKeys = useGetHistoryChoiceKeysQuery();
  /* Typing in the search box replaces the entry rather than leaving one per keystroke. */
  const showView = (next: HistoryView, replace = false) => setParams(paramsFromHistoryView(next), { replace });
  const [editing, setEditing] = useState<BetRow | null>(null);
  const [confirming, setConfirming] = useState<BetRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [deleteBet, { isLoading: deleting }] = useDeleteBetMutation();
  const [restoreBet] = useRestoreBetMutation();
  // "Show deleted" is in the query string too (?deleted=1), so reload and back keep it.
  const showDeleted = params.get('deleted') === '1';
  const toggleDeleted = () => {
    const next = new URLSearchParams(params);
    if (showDeleted) next.delete('deleted');
    else next.set('deleted', '1');
    setParams(next);
  };
  const [changesOf, setChangesOf] = useState<BetRow | null>(null);

  const total = data?.total ?? 0;
  const rows = data?.items ?? [];
  const { page: shownPage, totalPages } = historyPaging(total, data?.page ?? view.page, PAGE_SIZE);
  const choices = useMemo(() => filterChoices(choiceKeys.data?.books ?? [], choiceKeys.data?.tags ?? []), [choiceKeys.data]);

  const changeFilters = (next: HistoryFilters) => showView({ ...view, filters: next, page: 1 }, next.search !== filters.search);
  const changeSort = (next: HistorySort) => showView({ ...view, sort: next, page: 1 });
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

  const first = (shownPage - 1) * PAGE_SIZE + 1;
  const last = first + rows.length - 1;

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
            <Button variant={showDeleted ? 'primary' : 'outline'} aria-pressed={showDeleted} onClick={toggleDeleted}>
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
            ) : total === 0 ? (
              <EmptyText>No bets found. Try adjusting your filters or add a new bet.</EmptyText>
            ) : (
              <>
                <Count aria-live="polite">
                  Showing {first}–{last} of {total} {total === 1 ? 'bet' : 'bets'}
                </Count>
                <HistoryTable
                  rows={rows}
                  sort={sort}
                  onSort={(key) => changeSort(nextSort(sort, key))}
                  onSortChange={changeSort}
                  onEdit={setEditing}
                  onDelete={setConfirming}
                  onChanges={setChangesOf}
                  deleting={deleting}
                />
                <Pagination page={shownPage} totalPages={totalPages} onChange={setPage} label="Bet history pages" />
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
        message="Are you sure you want to delete this bet? You can undo this right after."
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
