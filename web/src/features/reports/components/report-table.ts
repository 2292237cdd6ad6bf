import styled from 'styled-components';

/* A table wider than a phone scrolls sideways inside its card, never the page; focusable so keyboard
   users can scroll it too. On paper it is as wide as the page and nothing scrolls. */
export const TableScroll = styled.div`
  position: relative;
  overflow-x: auto;
  max-width: 100%;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.link};
    outline-offset: 2px;
  }
  @media print {
    overflow: visible;
  }
`;

export const ReportTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
  th,
  td {
    padding: 10px 8px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  thead th {
    font-size: 0.8125rem;
    font-weight: 650;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  tbody th {
    font-weight: 600;
  }
  .numeric {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .wrap {
    white-space: normal;
    min-width: 9rem;
    overflow-wrap: anywhere;
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
    border-bottom: 0;
    border-top: 2px solid ${({ theme }) => theme.colors.border};
  }
  @media print {
    font-size: 9pt;
    th,
    td {
      padding: 4px 5px;
      white-space: normal;
      border-color: #999;
    }
    /* Words break only when one alone is wider than its column ("DraftKings" stays whole). */
    .wrap {
      min-width: 0;
      overflow-wrap: break-word;
    }
    /* Notes and outcome badges at the table's own size, without the badge's padding. */
    td span {
      font-size: inherit;
      padding-left: 0;
      padding-right: 0;
    }
    /* Every printed page of a long diary repeats the column names, and no row is cut in two. */
    thead {
      display: table-header-group;
    }
    tr {
      break-inside: avoid;
    }
  }
`;

/* Muted second line inside a cell (a wager's kind under its name). */
export const CellNote = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
