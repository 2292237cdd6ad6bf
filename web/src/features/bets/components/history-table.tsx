import type { BetRow, HistorySort, HistorySortKey } from '@bt/contracts';
import styled from 'styled-components';
import { OutcomeBadge, ProfitText } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { Field, Select } from '../../../components/field';
import { ArrowDownIcon, ArrowUpIcon, ClockIcon, PencilIcon, SortIcon, TrashIcon } from '../../../components/icons';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatDate, formatMoney, formatProfit } from '../../../lib/format';
import { betTypeLabel, sportLabel, wagerKindLabel } from '../../../lib/labels';
import { formatUnits, showOdds, usePreferences } from '../../../lib/preferences';
import { formatStartsAt } from '../../../lib/start-time';
import { SettleButtons } from './settle-buttons';

/** `wide`: shown only where the table has room (not on phones, which list cards, nor narrow tablets). */
const COLUMNS: readonly { key: HistorySortKey; label: string; numeric?: boolean; wide?: boolean }[] = [
  { key: 'date', label: 'Date' },
  { key: 'sport', label: 'Sport' },
  { key: 'event', label: 'Event' },
  { key: 'betType', label: 'Bet Type' },
  { key: 'book', label: 'Book', wide: true },
  { key: 'odds', label: 'Odds', numeric: true },
  { key: 'stake', label: 'Stake', numeric: true },
  { key: 'profit', label: 'Profit/Loss', numeric: true },
  { key: 'clv', label: 'CLV', numeric: true, wide: true },
  { key: 'outcome', label: 'Outcome' },
];

/** Closing-line value with its sign and two decimals ("+2.35%"); a dash without a close. */
const formatClv = (clv: number | null | undefined): string =>
  clv === null || clv === undefined ? '—' : `${clv > 0 ? '+' : ''}${clv.toFixed(2)}%`;

const unitsText = (units: number | null | undefined, signed = false): string | null =>
  units === null || units === undefined ? null : `${signed && units > 0 ? '+' : ''}${formatUnits(units)}`;

/* The table from the large breakpoint; cards below it. Only one of the two is displayed (and so in
   the accessibility tree) at a time. */
const TableBox = styled.div`
  display: none;
  @media (min-width: 1024px) {
    display: block;
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
    vertical-align: middle;
  }
  th {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  .numeric {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  td.event {
    max-width: 260px;
    overflow-wrap: anywhere;
  }
  .wide {
    @media (max-width: 1199.98px) {
      display: none;
    }
  }
`;

/** A book's name on one line, never broken mid-word ("DraftKing/s"); a very long one ends in '…' (its title says it whole). */
const BookName = styled.span`
  display: block;
  max-width: 140px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
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
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Sub = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Touch targets of at least 44 px (WCAG 2.5.5), also on a desktop's touch screen. */
const Actions = styled.div`
  display: flex;
  gap: 4px;
  justify-content: flex-end;
  & > * {
    min-height: 44px;
    min-width: 44px;
  }
`;

const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  @media (min-width: 1024px) {
    display: none;
  }
`;

const BetCard = styled.li`
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const CardTop = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 8px;
  h3 {
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
`;

const OutcomeCell = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 6px;
`;

const CardBottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  > :last-child {
    margin-left: auto;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
  margin: 0;
  dt {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const MobileSort = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 8px;
  align-items: end;
  @media (min-width: 1024px) {
    display: none;
  }
`;

interface HistoryTableProps {
  rows: readonly BetRow[];
  sort: HistorySort;
  onSort: (key: HistorySortKey) => void;
  onSortChange: (sort: HistorySort) => void;
  onEdit: (bet: BetRow) => void;
  onDelete: (bet: BetRow) => void;
  /** "Changes": the row's change log. */
  onChanges: (bet: BetRow) => void;
  deleting: boolean;
}

const ariaSort = (sort: HistorySort, key: HistorySortKey) =>
  sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/** Spec 2.7: a parlay row shows its name as the event and '{n} legs' as its selection. */
const legsText = (bet: BetRow) => (bet.kind === 'parlay' ? `${bet.legCount ?? 0} legs` : null);

function RowActions({
  bet,
  onEdit,
  onDelete,
  onChanges,
  deleting,
}: { bet: BetRow } & Pick<HistoryTableProps, 'onEdit' | 'onDelete' | 'onChanges' | 'deleting'>) {
  return (
    <Actions>
      <Button variant="ghost" size="icon" aria-label={`Changes of ${bet.event}`} title="Changes" onClick={() => onChanges(bet)}>
        <ClockIcon />
      </Button>
      {bet.kind === 'parlay' ? (
        <ButtonLink to={`/parlays?edit=${encodeURIComponent(bet.id)}`} variant="ghost" size="icon" aria-label={`Edit ${bet.event}`}>
          <PencilIcon />
        </ButtonLink>
      ) : (
        <Button variant="ghost" size="icon" aria-label={`Edit ${bet.event}`} onClick={() => onEdit(bet)}>
          <PencilIcon />
        </Button>
      )}
      <Button variant="ghost" size="icon" aria-label={`Delete ${bet.event}`} onClick={() => onDelete(bet)} disabled={deleting}>
        <TrashIcon />
      </Button>
    </Actions>
  );
}

export function HistoryTable({ rows, sort, onSort, onSortChange, onEdit, onDelete, onChanges, deleting }: HistoryTableProps) {
  const { oddsFormat } = usePreferences();
  const odds = (bet: BetRow) => showOdds({ american: bet.odds, decimal: bet.decimalOdds }, oddsFormat);
  const sortLabel = COLUMNS.find((c) => c.key === sort.key)?.label ?? '';
  return (
    <>
      <TableBox>
        <Table>
          <caption>
            <VisuallyHidden>
              Bets, sorted by {sortLabel} {sort.direction === 'asc' ? 'ascending' : 'descending'}
            </VisuallyHidden>
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort(sort, column.key)}
                  className={[column.numeric && 'numeric', column.wide && 'wide'].filter(Boolean).join(' ') || undefined}
                >
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
              <th scope="col" className="numeric">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((bet) => (
              <tr key={bet.id}>
                <td>
                  {formatDate(bet.date)}
                  {bet.startsAt && <Sub>Starts {formatStartsAt(bet.startsAt)}</Sub>}
                </td>
                <td>{sportLabel(bet.sport)}</td>
                <td className="event">
                  {bet.event}
                  {legsText(bet) && <Sub>{legsText(bet)}</Sub>}
                </td>
                <td>{betTypeLabel(bet.betType)}</td>
                <td className="book wide">{bet.book ? <BookName title={bet.book}>{bet.book}</BookName> : '—'}</td>
                <td className="numeric">{odds(bet)}</td>
                <td className="numeric">
                  {formatMoney(bet.stake)}
                  {unitsText(bet.units) && <Sub>{unitsText(bet.units)}</Sub>}
                  {bet.bonusBet && <Sub>Bonus bet</Sub>}
                </td>
                <td className="numeric">
                  <ProfitText $value={bet.profit}>{formatProfit(bet.profit)}</ProfitText>
                  {unitsText(bet.profitUnits, true) && <Sub>{unitsText(bet.profitUnits, true)}</Sub>}
                </td>
                <td className="numeric wide">{formatClv(bet.clv)}</td>
                <td>
                  <OutcomeCell>
                    <OutcomeBadge outcome={bet.outcome} />
                    <SettleButtons bet={bet} />
                  </OutcomeCell>
                </td>
                <td>
                  <RowActions bet={bet} onEdit={onEdit} onDelete={onDelete} onChanges={onChanges} deleting={deleting} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableBox>

      <MobileSort>
        <Field label="Sort by">
          {(props) => (
            <Select
              {...props}
              value={sort.key}
              onChange={(e) => onSortChange({ key: e.target.value as HistorySortKey, direction: 'desc' })}
            >
              {COLUMNS.map((column) => (
                <option key={column.key} value={column.key}>
                  {column.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button
          variant="outline"
          onClick={() => onSortChange({ key: sort.key, direction: sort.direction === 'asc' ? 'desc' : 'asc' })}
          aria-label={sort.direction === 'asc' ? 'Sorted ascending, sort descending' : 'Sorted descending, sort ascending'}
        >
          {sort.direction === 'asc' ? <ArrowUpIcon /> : <ArrowDownIcon />}
        </Button>
      </MobileSort>
      <CardList aria-label="Bets">
        {rows.map((bet) => (
          <BetCard key={bet.id}>
            <CardTop>
              <div>
                <h3>{bet.event}</h3>
                <Sub>
                  {formatDate(bet.date)} · {wagerKindLabel(bet)}
                  {bet.startsAt && ` · starts ${formatStartsAt(bet.startsAt)}`}
                  {bet.book && ` · ${bet.book}`}
                  {bet.bonusBet && ' · Bonus bet'}
                </Sub>
              </div>
              <OutcomeBadge outcome={bet.outcome} />
            </CardTop>
            <Facts>
              <div>
                <dt>Odds</dt>
                <dd>{odds(bet)}</dd>
              </div>
              <div>
                <dt>Stake</dt>
                <dd>
                  {formatMoney(bet.stake)}
                  {unitsText(bet.units) && <Sub>{unitsText(bet.units)}</Sub>}
                </dd>
              </div>
              <div>
                <dt>Profit/Loss</dt>
                <dd>
                  <ProfitText $value={bet.profit}>{formatProfit(bet.profit)}</ProfitText>
                  {unitsText(bet.profitUnits, true) && <Sub>{unitsText(bet.profitUnits, true)}</Sub>}
                </dd>
              </div>
            </Facts>
            <CardBottom>
              <SettleButtons bet={bet} />
              <RowActions bet={bet} onEdit={onEdit} onDelete={onDelete} onChanges={onChanges} deleting={deleting} />
            </CardBottom>
          </BetCard>
        ))}
      </CardList>
    </>
  );
}
