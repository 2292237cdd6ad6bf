import type { AnalyticsDimension, AnalyticsRow, OddsFormat } from '@bt/contracts';
import styled from 'styled-components';
import { ProfitText } from '../../../components/badge';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../../../components/icons';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { ANALYTICS_COLUMNS, rowCells } from '../lib/analytics-table';
import type { AnalyticsSort, AnalyticsSortKey } from '../lib/analytics-view';

/* Ten columns do not fit a phone: the table scrolls sideways inside its card, never the page. It is
   focusable so keyboard users can scroll it too. */
const Scroll = styled.div`
  /* Positioned, so the caption's visually hidden text stays inside the scroller, not past the page's edge. */
  position: relative;
  overflow-x: auto;
  max-width: 100%;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.link};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
  th,
  td {
    padding: 10px 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  thead th {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  tbody th {
    font-weight: 600;
    white-space: normal;
    min-width: 7rem;
    max-width: 14rem;
    overflow-wrap: anywhere;
  }
  .numeric {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
    border-bottom: 0;
    border-top: 2px solid ${({ theme }) => theme.colors.border};
  }
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 4px;
  margin: -4px;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 650;
  color: inherit;
  cursor: pointer;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const PROFIT_COLUMN = ANALYTICS_COLUMNS.findIndex((column) => column.key === 'profit');

interface AnalyticsTableProps {
  by: AnalyticsDimension;
  rows: readonly AnalyticsRow[];
  totals: AnalyticsRow;
  oddsFormat: OddsFormat;
  sort: AnalyticsSort;
  onSort: (key: AnalyticsSortKey) => void;
  /** The table's accessible name ("Breakdown by sport"). */
  label: string;
}

const ariaSort = (sort: AnalyticsSort, key: AnalyticsSortKey) =>
  sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

function Cells({ row, cells }: { row: AnalyticsRow; cells: string[] }) {
  return (
    <>
      <th scope="row">{cells[0]}</th>
      {cells.slice(1).map((cell, i) => (
        <td key={ANALYTICS_COLUMNS[i + 1].key} className="numeric">
          {i + 1 === PROFIT_COLUMN ? <ProfitText $value={row.profit}>{cell}</ProfitText> : cell}
        </td>
      ))}
    </>
  );
}

/** One row per group, sortable by every column, and the period's totals in the footer. */
export function AnalyticsTable({ by, rows, totals, oddsFormat, sort, onSort, label }: AnalyticsTableProps) {
  const sortLabel = ANALYTICS_COLUMNS.find((c) => c.key === sort.key)?.label ?? '';
  return (
    <Scroll role="region" aria-label={label} tabIndex={0}>
      <Table>
        <caption>
          <VisuallyHidden>
            {label}, sorted by {sortLabel} {sort.direction === 'asc' ? 'ascending' : 'descending'}
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {ANALYTICS_COLUMNS.map((column) => (
              <th key={column.key} scope="col" aria-sort={ariaSort(sort, column.key)} className={column.numeric ? 'numeric' : undefined}>
                <SortButton type="button" onClick={() => onSort(column.key)}>
                  {column.label}
                  {sort.key !== column.key ? (
                    <SortIcon size={14} />
                  ) : sort.direction === 'asc' ? (
                    <ArrowUpIcon size={14} />
                  ) : (
                    <ArrowDownIcon size={14} />
                  )}
                </SortButton>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <Cells row={row} cells={rowCells(row, by, oddsFormat)} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Cells row={totals} cells={rowCells(totals, by, oddsFormat, true)} />
          </tr>
        </tfoot>
      </Table>
    </Scroll>
  );
}
