import {
  type AnalyticsDimension,
  type AnalyticsRow,
  formatOdds,
  neutraliseCsvText,
  ODDS_RANGES,
  type OddsFormat,
  parseOdds,
  UNIT_STAKE_SIZES,
  WEEKDAYS,
} from '@bt/contracts';
import { toCsv } from '../../../lib/csv';
import { formatMoney, formatPercent, formatProfit } from '../../../lib/format';
import { betTypeLabel, sportLabel } from '../../../lib/labels';
import { unitsWonText } from '../../../lib/preferences';
import type { AnalyticsSort, AnalyticsSortKey } from './analytics-view';

/** A group's name as shown: sports and bet types by their labels, other keys as the server names them. */
export const groupLabel = (by: AnalyticsDimension, key: string): string =>
  by === 'sport' ? sportLabel(key) : by === 'betType' ? betTypeLabel(key) : key;

/** Keys with an order of their own (shortest odds first, Monday first, smallest stake first). */
const NATURAL_ORDER: Partial<Record<AnalyticsDimension, readonly string[]>> = {
  oddsRange: ODDS_RANGES,
  weekday: WEEKDAYS,
  stakeSize: UNIT_STAKE_SIZES,
};

const compareText = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true });

const compareGroups = (by: AnalyticsDimension, a: string, b: string): number => {
  const order = NATURAL_ORDER[by];
  const ia = order?.indexOf(a) ?? -1;
  const ib = order?.indexOf(b) ?? -1;
  if (ia >= 0 && ib >= 0) return ia - ib;
  return compareText(groupLabel(by, a), groupLabel(by, b));
};

/** The decimal price of a row's average odds (American text), for sorting. */
const averageDecimal = (row: AnalyticsRow): number | null =>
  row.averageOdds === null ? null : (parseOdds(row.averageOdds)?.decimal ?? null);

/** A column's value of a row for sorting; null when the row has none (no close, no unit size...). */
const sortValue = (key: Exclude<AnalyticsSortKey, 'key' | 'record'>, row: AnalyticsRow): number | null =>
  key === 'averageOdds' ? averageDecimal(row) : row[key];

/**
 * A sorted copy of the rows. Groups by name (odds ranges, weekdays and unit stake sizes in their own
 * order); the record by wins, then by fewer losses; empty values (—) last whichever the direction;
 * ties keep the server's order (most bets first).
 */
export const sortAnalyticsRows = (rows: readonly AnalyticsRow[], sort: AnalyticsSort, by: AnalyticsDimension): AnalyticsRow[] => {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare = (a: AnalyticsRow, b: AnalyticsRow): number => {
    if (sort.key === 'key') return sign * compareGroups(by, a.key, b.key);
    if (sort.key === 'record') return sign * (a.wins - b.wins || b.losses - a.losses);
    const va = sortValue(sort.key, a);
    const vb = sortValue(sort.key, b);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    return sign * (va - vb);
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compare(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
};

/** W-L-P-V, as the column header says ("12-8-1-2"); cash-outs are counted in bets, not here. */
export const recordCell = (row: AnalyticsRow): string => `${row.wins}-${row.losses}-${row.pushes}-${row.voids}`;

const DASH = '—';

/** Average closing-line value with its sign and two decimals ("+2.35%"), as in Bet History. */
export const formatClv = (clv: number | null): string => (clv === null ? DASH : `${clv > 0 ? '+' : ''}${clv.toFixed(2)}%`);

/** Units won with a sign, and the bets they cover when not all of the row's ("+1.5u on 2 of 3 bets"). */
export const formatUnitsWon = (row: Pick<AnalyticsRow, 'unitsWon' | 'unitBets' | 'bets'>): string =>
  row.unitsWon === null ? DASH : unitsWonText(row.unitsWon, row.unitBets, row.bets);

/** The average price (American text from the server) in the bettor's odds format. */
export const formatAverageOdds = (american: string | null, format: OddsFormat): string => {
  const parsed = american === null ? undefined : parseOdds(american);
  return parsed === undefined ? DASH : formatOdds({ american: american as string, decimal: parsed.decimal }, format);
};

/** The table's columns in order, with their header texts. */
export const ANALYTICS_COLUMNS: readonly { key: AnalyticsSortKey; label: string; numeric: boolean }[] = [
  { key: 'key', label: 'Group', numeric: false },
  { key: 'bets', label: 'Bets', numeric: true },
  { key: 'record', label: 'Record (W-L-P-V)', numeric: true },
  { key: 'winRate', label: 'Win rate', numeric: true },
  { key: 'staked', label: 'Staked', numeric: true },
  { key: 'profit', label: 'Profit', numeric: true },
  { key: 'roi', label: 'ROI', numeric: true },
  { key: 'unitsWon', label: 'Units', numeric: true },
  { key: 'averageOdds', label: 'Avg odds', numeric: true },
  { key: 'averageClv', label: 'Avg CLV', numeric: true },
];

/** One row's cells as the table shows them, in ANALYTICS_COLUMNS' order. */
export const rowCells = (row: AnalyticsRow, by: AnalyticsDimension, oddsFormat: OddsFormat, isTotal = false): string[] => [
  isTotal ? 'Total' : groupLabel(by, row.key),
  String(row.bets),
  recordCell(row),
  row.winRate === null ? DASH : formatPercent(row.winRate),
  formatMoney(row.staked),
  formatProfit(row.profit),
  row.roi === null ? DASH : formatPercent(row.roi),
  formatUnitsWon(row),
  formatAverageOdds(row.averageOdds, oddsFormat),
  formatClv(row.averageClv),
];

/** The CSV's header: the table's, with each figure's unit, since its cells hold plain numbers. */
const CSV_HEADER: readonly string[] = [
  'Group',
  'Bets',
  'Record (W-L-P-V)',
  'Win rate (%)',
  'Staked ($)',
  'Profit ($)',
  'ROI (%)',
  'Units (u)',
  'Avg odds',
  'Avg CLV (%)',
];

/** A plain number a spreadsheet sums ("-3.2", "110.00"); an empty cell where the table shows '—'. */
const csvNumber = (value: number | null, decimals: number): string => (value === null ? '' : value.toFixed(decimals));

const csvCells = (row: AnalyticsRow, oddsFormat: OddsFormat, group: string): string[] => {
  const odds = formatAverageOdds(row.averageOdds, oddsFormat);
  return [
    group,
    String(row.bets),
    recordCell(row),
    csvNumber(row.winRate, 1),
    csvNumber(row.staked, 2),
    csvNumber(row.profit, 2),
    csvNumber(row.roi, 1),
    row.unitsWon === null ? '' : String(Math.round(row.unitsWon * 100) / 100),
    odds === DASH ? '' : odds,
    csvNumber(row.averageClv, 2),
  ];
};

/**
 * The table as CSV: the header, the rows in their shown order, then the totals; figures as plain
 * numbers with their units in the header. Group names are the bettor's own text (books, tags), so
 * a spreadsheet must not read them as formulas.
 */
export const analyticsCsv = (rows: readonly AnalyticsRow[], totals: AnalyticsRow, by: AnalyticsDimension, oddsFormat: OddsFormat): string =>
  toCsv([
    CSV_HEADER,
    ...rows.map((row) => csvCells(row, oddsFormat, neutraliseCsvText(groupLabel(by, row.key)))),
    csvCells(totals, oddsFormat, 'Total'),
  ]);
