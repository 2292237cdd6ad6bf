import { CSV_IMPORT_FIELDS, type ImportPreview } from '@bt/contracts';
import styled from 'styled-components';
import { Select } from '../../../components/field';
import { formatDate, formatMoney, formatProfit } from '../../../lib/format';
import { betTypeLabel, OUTCOME_LABELS, sportLabel } from '../../../lib/labels';

/**
 * A table that scrolls inside its own box, both ways, so the dialog never grows past the screen
 * and nothing is cut off: `min-width: 0` lets it shrink below the table's width in the form's flex column.
 */
const Scroll = styled.div`
  max-height: 260px;
  max-width: 100%;
  min-width: 0;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.8125rem;
  th,
  td {
    padding: 6px 8px;
    text-align: left;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    font-weight: 600;
  }
`;

/** An event's name wraps rather than widening the table. */
const EventCell = styled.td`
  && {
    white-space: normal;
    min-width: 140px;
    overflow-wrap: anywhere;
  }
`;

const SmallSelect = styled(Select)`
  min-width: 140px;
  padding-top: 4px;
  padding-bottom: 4px;
`;

export const Caption = styled.p`
  margin: 0;
  font-size: 0.875rem;
  font-weight: 600;
`;

/** What each field reads as in the mapping selects (our CSV's columns and selection). */
const FIELD_LABELS: Record<(typeof CSV_IMPORT_FIELDS)[number], string> = {
  id: 'Id',
  date: 'Date',
  kind: 'Kind (bet or parlay)',
  sport: 'Sport',
  event: 'Event',
  selection: 'Selection',
  betType: 'Bet type',
  odds: 'Odds',
  stake: 'Stake',
  outcome: 'Outcome',
  profit: 'Profit',
  notes: 'Notes',
  legs: 'Legs',
  book: 'Book',
  league: 'League',
  tags: 'Tags',
  decimalOdds: 'Decimal odds',
  closingOdds: 'Closing odds',
  clv: 'CLV',
  bonusBet: 'Bonus bet',
  cashOutAmount: 'Cash-out amount',
};
const fieldLabel = (field: string | null) =>
  field === null ? 'Not imported' : (FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field);

/** Every column of the file and what it is read as: a select of our fields for a CSV, a Pikkit export's as read. */
export function ColumnsTable({
  preview,
  disabled,
  onRemap,
}: {
  preview: ImportPreview;
  disabled: boolean;
  onRemap: (index: number, field: string | null) => void;
}) {
  return (
    <Scroll tabIndex={0} role="region" aria-label="Columns">
      <Table>
        <thead>
          <tr>
            <th scope="col">File column</th>
            <th scope="col">Read as</th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((column, index) => (
            <tr key={`${index}-${column.header}`}>
              <td>{column.header}</td>
              <td>
                {preview.format === 'pikkit' ? (
                  fieldLabel(column.field)
                ) : (
                  <SmallSelect
                    aria-label={`Read "${column.header}" as`}
                    value={column.field ?? ''}
                    disabled={disabled}
                    onChange={(e) => onRemap(index, e.target.value === '' ? null : e.target.value)}
                  >
                    <option value="">Not imported</option>
                    {CSV_IMPORT_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {FIELD_LABELS[field]}
                      </option>
                    ))}
                  </SmallSelect>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}

/** The first rows as they will be stored. */
export function PreviewTable({ rows }: { rows: ImportPreview['rows'] }) {
  return (
    <Scroll tabIndex={0} role="region" aria-label="Preview">
      <Table>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Date</th>
            <th scope="col">Sport</th>
            <th scope="col">Event</th>
            <th scope="col">Type</th>
            <th scope="col">Odds</th>
            <th scope="col">Stake</th>
            <th scope="col">Outcome</th>
            <th scope="col">Profit</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <td>{row.row}</td>
              <td>{row.date ? formatDate(row.date) : 'Today'}</td>
              <td>{row.sport ? sportLabel(row.sport) : 'Parlay'}</td>
              <EventCell>{row.event}</EventCell>
              <td>{betTypeLabel(row.betType)}</td>
              <td>{row.odds}</td>
              <td>{formatMoney(row.stake)}</td>
              <td>{OUTCOME_LABELS[row.outcome]}</td>
              <td>{formatProfit(row.profit)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
