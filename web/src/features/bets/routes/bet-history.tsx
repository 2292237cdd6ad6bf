import {
  HISTORY_PAGE_SIZES,
  historyPaging,
  MESSAGES,
  periodRange,
  type BetRow,
  type HistoryFilters,
  type HistoryPageSize,
  type HistorySort,
} from '@bt/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card, CardContent } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DownloadIcon, UploadIcon } from '../../../components/icons';
import { Field, Select } from '../../../components/field';
import { EmptyText, PageContainer, PageHeader } from '../../../components/page';
import { Pagination } from '../../../components/pagination';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-error';
import { today } from '../../../lib/dates';
import { formatDayRange } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { toastWithUndo } from '../../../lib/undo';
import {
  downloadBetsCsv,
  useDeleteBetMutation,
  useGetBetsPageQuery,
  useGetBetsTotalsQuery,
  useGetHistoryChoiceKeysQuery,
  useRestoreBetMutation,
} from '../api/bets-api';
import { BetChangesDialog } from '../components/bet-changes-dialog';
import { DeletedBets } from '../components/deleted-bets';
import { EditBetDialog } from '../components/edit-bet-dialog';
import { HistoryFiltersBar } from '../components/history-filters';
import { HistoryTable } from '../components/history-table';
import { HistoryTotals } from '../components/history-totals';
import { ImportDialog } from '../components/import-dialog';
import {
  betsPageQuery,
  filterChoices,
  historyFiltersParams,
  historyViewFromParams,
  nextSort,
  paramsFromHistoryView,
  withPageSize,
  type HistoryView,
} from '../lib/history';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Count = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The days the Period filter keeps, as the dashboard's cards say their period: "Last 30 days · Oct 30, 2026 – Nov 28, 2026". */
const PeriodNote = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PERIOD_NAMES: Record<HistoryFilters['period'], string> = {
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  '365': 'Last 365 days',
  all: 'All time',
};

const periodText = (period: HistoryFilters['period'], day: string): string => {
  const { start, end } = periodRange(period, day);
  return start === null ? PERIOD_NAMES[period] : `${PERIOD_NAMES[period]} · ${formatDayRange(start, end)}`;
};

const CountRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 8px 16px;
  > :last-child {
    width: 9rem;
  }
`;

export function BetHistoryRoute() {
  // Filters, sort, search and page live in the query string: back, reload and a bookmark keep them.
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => historyViewFromParams(params), [params]);
  const { filters, sort, pageSize } = view;
  // The server filters, sorts and pages (GET /api/bets?page=); while the next page loads the last one stays.
  const bets = useGetBetsPageQuery(betsPageQuery(view, today()));
  // The totals of every page, asked with the filters alone: paging and sorting keep them.
  const filterParams = historyFiltersParams(filters, today());
  const totals = useGetBetsTotalsQuery(filterParams);
  const { data } = bets;
  const status = queryView(bets);
  const choiceKeys = useGetHistoryChoiceKeysQuery();
  /*
   * Each change builds on the view the URL holds at that moment, not on the one last rendered: the
   * router renders a navigation as a transition, so a second change can come before the first is on
   * screen (and must not undo it). Typing in the search box replaces the entry rather than leaving
   * one per keystroke.
   */
  const showView = (change: (current: HistoryView) => HistoryView, replace = false) =>
    setParams(paramsFromHistoryView(change(historyViewFromParams(new URLSearchParams(window.location.search)))), { replace });
  const [editing, setEditing] = useState<BetRow | null>(null);
  const [confirming, setConfirming] = useState<BetRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState<'all' | 'filtered' | null>(null);
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
  // The rows shown were paged by the size they were asked with (the last page stays while the next loads).
  const shownSize = data?.pageSize ?? pageSize;
  const { page: shownPage, totalPages } = historyPaging(total, data?.page ?? view.page, shownSize);
  const choices = useMemo(() => filterChoices(choiceKeys.data?.books ?? [], choiceKeys.data?.tags ?? []), [choiceKeys.data]);

  const changeFilters = (change: Partial<HistoryFilters>) =>
    showView((current) => ({ ...current, filters: { ...current.filters, ...change }, page: 1 }), 'search' in change);
  const changeSort = (next: (current: HistorySort) => HistorySort) =>
    showView((current) => ({ ...current, sort: next(current.sort), page: 1 }));
  const setPage = (next: number) => showView((current) => ({ ...current, page: next }));
  // On the page holding the first row shown (a page past the end is shown as the last one).
  const setPageSize = (next: HistoryPageSize) =>
    showView((current) => withPageSize(current, next, { page: shownPage, pageSize: shownSize }));

  /** Every bet, or only the ones the filters keep. */
  const onExport = async (which: 'all' | 'filtered') => {
    setExporting(which);
    try {
      await downloadBetsCsv(which === 'all' ? undefined : filterParams);
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Export failed', description: isApiError(cause) ? cause.message : 'Please try again.' });
    } finally {
      setExporting(null);
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

  const first = (shownPage - 1) * shownSize + 1;
  const last = first + rows.length - 1;

  return (
    <PageContainer>
      <PageHeader
        title="Bet History"
        subtitle="Every bet and parlay you have recorded."
        actions={
          <>
            <Button variant="outline" onClick={() => onExport('all')} disabled={exporting !== null}>
              <DownloadIcon />
              {exporting === 'all' ? 'Exporting...' : 'Export all'}
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
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} $height="44px" />
                ))}
              </Stack>
            ) : status === 'error' ? (
              <QueryError what="your bets" error={bets.error} onRetry={bets.refetch} retrying={bets.isFetching} />
            ) : total === 0 ? (
              <EmptyText>No bets found. Try adjusting your filters or add a new bet.</EmptyText>
            ) : (
              <>
                <HistoryTotals
                  totals={totals.currentData}
                  failed={totals.isError}
                  onRetry={totals.refetch}
                  count={total}
                  exporting={exporting === 'filtered'}
                  onExport={() => onExport('filtered')}
                />
                <CountRow>
                  <div>
                    <Count aria-live="polite">
                      Showing {first}–{last} of {total} {total === 1 ? 'bet' : 'bets'}
                    </Count>
                    <PeriodNote data-period>{periodText(filters.period, today())}</PeriodNote>
                  </div>
                  <Field label="Rows per page">
                    {(props) => (
                      <Select {...props} value={pageSize} onChange={(e) => setPageSize(Number(e.target.value) as HistoryPageSize)}>
                        {HISTORY_PAGE_SIZES.map((size) => (
                          <option key={size} value={size}>
                            {size}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                </CountRow>
                <HistoryTable
                  rows={rows}
                  sort={sort}
                  onSort={(key) => changeSort((current) => nextSort(current, key))}
                  onSortChange={(next) => changeSort(() => next)}
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
