import { CSV_IMPORT_FIELDS, type CsvField, type CsvMapping } from './csv';
import { isStorableText } from './fields';
import { MESSAGES } from './messages';

/**
 * How an imported file's header row is read: which of our fields each column fills. The server
 * reads the file by it and the web's mapping table shows it, so both agree on every guess.
 */

/** Where each field sits in the file (a column index). */
export type CsvColumns = Partial<Record<CsvField, number>>;

/** Header names compare without case, spaces or punctuation: "Bet Type", "bet_type" and "BETTYPE" are one name. */
export const headerKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Other trackers' and spreadsheets' names for our fields (as `headerKey`s). A field's own name is
 * read first, so our own export never reads by a synonym.
 */
const SYNONYMS: Partial<Record<CsvField, readonly string[]>> = {
  id: ['betid', 'ticket', 'ticketid', 'ticketnumber', 'reference', 'betreference', 'wagerid'],
  date: ['when', 'placed', 'dateplaced', 'placedat', 'placedon', 'betdate', 'time', 'timeplaced', 'datetime', 'gamedate'],
  sport: ['sports', 'sportname'],
  event: ['game', 'match', 'matchup', 'fixture', 'eventname', 'description', 'teams', 'contestants'],
  selection: ['pick', 'side', 'play', 'selectionname'],
  betType: ['type', 'market', 'wagertype', 'markettype'],
  odds: ['price', 'americanodds', 'oddstaken'],
  stake: ['risk', 'risked', 'wager', 'wagered', 'amount', 'betamount', 'amountrisked', 'stakeamount', 'betsize', 'towager'],
  outcome: ['result', 'status', 'winloss', 'wl', 'grade', 'settlement'],
  profit: ['pl', 'pnl', 'profitloss', 'net', 'netprofit', 'winnings'],
  notes: ['note', 'comment', 'comments', 'memo', 'remarks'],
  book: ['sportsbook', 'bookmaker', 'bookie', 'site', 'operator'],
  league: ['leagues', 'competition', 'tournament', 'division'],
  tags: ['tag', 'labels', 'label'],
  closingOdds: ['closingline', 'closingprice', 'close', 'clo'],
  bonusBet: ['freebet', 'bonus', 'isbonus', 'isfreebet'],
  cashOutAmount: ['cashout', 'cashedout', 'cashoutvalue'],
  decimalOdds: ['decimal', 'decimalprice'],
};

const OWN_NAMES = new Map(CSV_IMPORT_FIELDS.map((field) => [headerKey(field), field]));
const SYNONYM_OF = new Map(Object.entries(SYNONYMS).flatMap(([field, names]) => names.map((name) => [name, field as CsvField] as const)));

/** The field a header names: ours, or a synonym of ours (case and punctuation aside); null when we cannot tell. */
export const guessCsvField = (header: string): CsvField | null => {
  const key = headerKey(header);
  return OWN_NAMES.get(key) ?? SYNONYM_OF.get(key) ?? null;
};

/**
 * The key of a header row's set of names, as `headerKey`s, sorted: a file with the same columns
 * (in any order, however spelled) is read by the mapping remembered for it.
 */
export const headerSetKey = (header: readonly string[]): string => [...new Set(header.map(headerKey))].sort().join(',');

/** A cell a header would never be: a number or an amount, a date, odds. */
const VALUE = /^(?:[+-]?[$€£]?\s?\d[\d,]*(?:\.\d+)?%?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}.*|\d+\/\d+)$/;

/**
 * True when a file's first row names its columns: it has a name in it and no value (a number, an
 * amount, a date or odds). A file without one starts with a bet, and cannot be read by its columns.
 */
export const isHeaderRow = (cells: readonly string[]): boolean =>
  cells.some((cell) => cell.trim() !== '') && !cells.some((cell) => VALUE.test(cell.trim()));

/**
 * Where each field sits: by `mapping` where it names a header for the field ('' means the field is
 * not read), else from the headers the mapping leaves free, by their names first, then by our
 * guess (`guessCsvField`); each header fills one field, the first that names it. `error` names a
 * mapped header the file lacks (the other fields are placed all the same).
 */
export const readCsvHeader = (header: readonly string[], mapping: CsvMapping = {}): { columns: CsvColumns; error?: string } => {
  const keys = header.map(headerKey);
  const columns: CsvColumns = {};
  const taken = new Set<number>();
  let error: string | undefined;
  for (const field of CSV_IMPORT_FIELDS) {
    const wanted = mapping[field];
    if (wanted === undefined || wanted === '') continue;
    const index = keys.indexOf(headerKey(wanted));
    if (index < 0) error ??= MESSAGES.csvMappedHeaderMissing(field, wanted);
    else {
      columns[field] = index;
      taken.add(index);
    }
  }
  const free = (field: CsvField) => mapping[field] === undefined && columns[field] === undefined;
  const place = (guess: (key: string) => CsvField | undefined) =>
    keys.forEach((key, index) => {
      const field = taken.has(index) ? undefined : guess(key);
      if (field === undefined || !free(field)) return;
      columns[field] = index;
      taken.add(index);
    });
  place((key) => OWN_NAMES.get(key));
  place((key) => SYNONYM_OF.get(key));
  return error === undefined ? { columns } : { columns, error };
};

/** The file's columns and the field each fills (null: not read), as the preview shows them. */
export const columnFields = (header: readonly string[], columns: CsvColumns): { header: string; field: CsvField | null }[] => {
  const fieldAt = new Map(Object.entries(columns).map(([field, index]) => [index, field as CsvField]));
  return header.map((name, index) => ({ header: name, field: fieldAt.get(index) ?? null }));
};

/** A mapping that names every field: the ones `mapping` leaves out are not read (''). */
export const completeMapping = (mapping: CsvMapping): CsvMapping => ({
  ...(Object.fromEntries(CSV_IMPORT_FIELDS.map((field) => [field, ''])) as CsvMapping),
  ...mapping,
});

/**
 * The mapping that reads a file exactly as these columns say: every field, its header or '' (not
 * read). What the web sends once the user has seen (and maybe changed) the preview's columns.
 */
export const mappingOfColumns = (columns: readonly { header: string; field: string | null }[]): CsvMapping => {
  const mapping: CsvMapping = {};
  for (const { header, field } of columns) {
    const known = CSV_IMPORT_FIELDS.find((f) => f === field);
    if (known !== undefined && mapping[known] === undefined) mapping[known] = header;
  }
  return completeMapping(mapping);
};

/** The fields a mapping reads (what is remembered of one: no ''). */
export const fieldsRead = (mapping: CsvMapping): CsvMapping =>
  Object.fromEntries(Object.entries(mapping).filter(([, header]) => header !== '')) as CsvMapping;

/** Header sets longer than this are not remembered (an event is no place for a megabyte of names). */
const MAX_REMEMBERED_KEY = 4_000;

/** True when a mapping for this header row can be remembered (stored in an event): short and storable text. */
export const isRememberable = (header: readonly string[]): boolean =>
  headerSetKey(header).length <= MAX_REMEMBERED_KEY && header.every(isStorableText);
