import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import {
  columnFields,
  completeMapping,
  CSV_COLUMNS,
  CSV_IMPORT_FIELDS,
  CSV_MAX_ROWS,
  csvCells,
  csvRowToImport,
  headerSetKey,
  isBlankCsvRow,
  isHeaderRow,
  isRememberable,
  MESSAGES,
  PIKKIT_COLUMNS,
  PIKKIT_FIELDS,
  pikkitCells,
  pikkitRowToImport,
  readCsvHeader,
  readPikkitHeader,
  type CsvColumns,
  type CsvImport,
  type CsvMapping,
} from '@bt/contracts';
import { IdTable } from '../shared/id-table';
import { derivedId, isUuid } from '../shared/ids';

export interface RowError {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  message: string;
}

export interface PlannedRow {
  row: number;
  value: CsvImport;
  /**
   * Ids to try, in order, each appended with 'no_stream' (a conflict = imported before). A row
   * carrying one of our UUIDs first tries that id (the user's own export); when that stream
   * belongs to someone else, an id derived from (user, that id) follows.
   */
  ids: { id: string; ownerCheck: boolean }[];
  /**
   * The row stands for a bet another tracker keeps under its own id (Pikkit's bet_id): imported
   * before, the bet is amended to what the row says now (a pending bet since settled).
   */
  amends?: boolean;
}

/** How the file was read: its format and, per header, the field it fills (null: not read). */
export interface ImportReading {
  format: 'csv' | 'pikkit';
  columns: { header: string; field: string | null }[];
  /** Read by the mapping remembered for these headers (no mapping was sent). */
  remembered: boolean;
  /**
   * The mapping sent, to remember for files with these headers (ImportMappingSaved) once the import
   * commits: set when it reads the file otherwise than it would be read without one.
   */
  toRemember?: { headers: string; mapping: CsvMapping };
}

/** How the columns are chosen: the mapping sent, else the one remembered for the header set, else our guess. */
export interface ColumnChoice {
  mapping?: CsvMapping;
  /** The user's remembered mappings by `headerSetKey` (ImportMappingSaved). */
  remembered?: ReadonlyMap<string, CsvMapping>;
}

/** The file's text, in chunks as it is read (the route's spooled upload; a test's string). */
export type CsvText = string | AsyncIterable<string> | Iterable<string>;

/**
 * `warnings`: rows imported differently from the file (an unknown sport stored as 'other').
 * `rowCount` (the rows that would be imported), `preview` (the first of them, as many as asked) and
 * `warnings` are filled even when `errors` are found (the preview shows them all). The rows
 * themselves are not kept: `plannedRows` reads them again.
 */
export type ImportPlan =
  | { ok: true; rowCount: number; preview: PlannedRow[]; warnings: RowError[]; reading: ImportReading }
  | { ok: false; errors: RowError[]; rowCount?: number; preview?: PlannedRow[]; warnings?: RowError[]; reading?: ImportReading };

/** Enough to fix a file by; the rest would only make the answer huge. */
const MAX_ERRORS = 500;

/** What one data row is: planned, or why not; its warnings either way. */
type RowResult = { planned?: PlannedRow; error?: string; warnings: string[] };

const sameColumns = (a: CsvColumns, b: CsvColumns) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The reading of a row under a header: planned, or why not. */
type RowRead = (cells: string[], row: number) => RowResult | undefined;

/**
 * How the rows under `header` are read: Pikkit's export is recognised by its header (unless a
 * mapping is given), else by the columns chosen (`ColumnChoice`). Any header row is read, even one
 * whose columns are not: `headerError` then says what the user must choose (the preview shows the
 * columns to choose from); only a first row that is not a header is refused. Ids are derived from
 * the user and the row (its id, else its content and how many identical rows came before it), so
 * importing the same file again adds nothing; a Pikkit row's from (user, 'pikkit', bet_id).
 */
const rowReader = (
  header: string[],
  userId: string,
  { mapping, remembered }: ColumnChoice,
): { ok: true; reading: ImportReading; headerError?: string; read: RowRead } | { ok: false; message: string } => {
  const pikkit = mapping === undefined ? readPikkitHeader(header) : undefined;
  if (pikkit) {
    const reading: ImportReading = {
      format: 'pikkit',
      remembered: false,
      columns: header.map((h) => {
        const name = h.trim().toLowerCase();
        return {
          header: h,
          field: (PIKKIT_COLUMNS as readonly string[]).includes(name) ? PIKKIT_FIELDS[name as keyof typeof PIKKIT_FIELDS] : null,
        };
      }),
    };
    return {
      ok: true,
      reading,
      read: (cells, row) => {
        const record = pikkitCells(cells, pikkit);
        if (Object.values(record).every((v) => v === '')) return undefined;
        const result = pikkitRowToImport(record);
        if (!result.ok) return { error: result.message, warnings: [] };
        const id = derivedId(userId, 'pikkit', result.betId);
        return { planned: { row, value: result.value, ids: [{ id, ownerCheck: false }], amends: true }, warnings: result.warnings };
      },
    };
  }
  if (!isHeaderRow(header)) return { ok: false, message: MESSAGES.csvNoHeader };
  const key = headerSetKey(header);
  const saved = remembered?.get(key);
  const recalled = mapping === undefined ? saved : undefined;
  const found = readCsvHeader(header, mapping ?? (recalled && completeMapping(recalled)));
  const { columns } = found;
  const reading: ImportReading = { format: 'csv', columns: columnFields(header, columns), remembered: recalled !== undefined };
  if (mapping !== undefined && found.error === undefined && isRememberable(header)) {
    const otherwise = readCsvHeader(header, saved && completeMapping(saved)).columns;
    if (!sameColumns(columns, otherwise))
      reading.toRemember = {
        headers: key,
        mapping: Object.fromEntries(Object.entries(columns).map(([field, index]) => [field, header[index]])) as CsvMapping,
      };
  }
  const headerError = found.error ?? (Object.keys(columns).length === 0 ? MESSAGES.csvNothingRead : undefined);
  const unread = new Set(CSV_IMPORT_FIELDS.filter((field) => columns[field] === undefined));
  // Identical rows so far, by the id of the first of them (an id is short; the row's text is not).
  const seen = new IdTable();
  const read: RowRead = (cells, row) => {
    const record = csvCells(cells, columns);
    if (isBlankCsvRow(record)) return undefined;
    const result = csvRowToImport(record, unread);
    if (!result.ok) return { error: result.message, warnings: [] };
    const warnings = result.warning ? [result.warning] : [];
    const external = record.id;
    let ids: PlannedRow['ids'];
    if (external === '') {
      // Without a selection, the content of the columns before it (ids of files imported before it came).
      const content = JSON.stringify((record.selection === '' ? CSV_COLUMNS : CSV_IMPORT_FIELDS).map((c) => record[c]));
      const first = derivedId(userId, 'csv-row', content, '0');
      const occurrence = seen.get(first) ?? 0;
      seen.set(first, 0, occurrence + 1);
      ids = [{ id: occurrence === 0 ? first : derivedId(userId, 'csv-row', content, String(occurrence)), ownerCheck: false }];
    } else {
      const derived = { id: derivedId(userId, 'csv-id', external.toLowerCase()), ownerCheck: false };
      ids = isUuid(external) ? [{ id: external.toLowerCase(), ownerCheck: true }, derived] : [derived];
    }
    return { planned: { row, value: result.value, ids }, warnings };
  };
  return headerError === undefined ? { ok: true, reading, read } : { ok: true, reading, headerError, read };
};

type Step =
  | { kind: 'header-error'; message: string }
  | { kind: 'reading'; reading: ImportReading }
  | { kind: 'row'; row: number; result: RowResult }
  | { kind: 'too-many' };

/**
 * The file's records as they are parsed (csv-parse's streaming parser, so only a chunk of the text
 * is held at a time), read into steps: once a row follows the header, how the header is read (or
 * why it cannot be), then each non-blank row. Throws csv-parse's CsvError for a file that is not CSV.
 */
async function* steps(text: CsvText, userId: string, choice: ColumnChoice): AsyncGenerator<Step> {
  // Any line ending on any line: csv-parse otherwise takes the first line's for the whole file, and
  // a file edited by two programs (a CRLF header, LF rows) would read as one long row. CRLF first,
  // so it is one ending rather than a CR and an empty line (the parser waits for the next chunk).
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false, record_delimiter: ['\r\n', '\n', '\r'] });
  const feeding = pipeline(Readable.from(typeof text === 'string' ? [text] : text, { objectMode: false }), parser);
  feeding.catch(() => undefined); // the same failure ends the iteration below
  let reader: ReturnType<typeof rowReader> | undefined;
  let index = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    if (reader === undefined) {
      reader = rowReader(cells, userId, choice);
      continue;
    }
    index++;
    if (!reader.ok) {
      yield { kind: 'header-error', message: reader.message };
      return;
    }
    if (index === 1) yield { kind: 'reading', reading: reader.reading };
    if (reader.headerError !== undefined) {
      yield { kind: 'header-error', message: reader.headerError };
      return;
    }
    if (index > CSV_MAX_ROWS) {
      yield { kind: 'too-many' };
      return;
    }
    const row = index + 1;
    const result = reader.read(cells, row);
    if (result) yield { kind: 'row', row, result };
  }
  await feeding;
  // A file of one bet and no header: it is the header that is missing, not the rows.
  if (reader !== undefined && !reader.ok && index === 0) yield { kind: 'header-error', message: reader.message };
}

/**
 * Reads and validates the whole file before anything is appended: any bad row fails the import.
 * Keeps only what the answer shows: how many rows, the first `previewRows` of them, the errors and
 * warnings (at most MAX_ERRORS of each).
 */
export const planImport = async (text: CsvText, userId: string, choice: ColumnChoice = {}, previewRows = 0): Promise<ImportPlan> => {
  const preview: PlannedRow[] = [];
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  let rowCount = 0;
  let reading: ImportReading | undefined;
  try {
    for await (const step of steps(text, userId, choice)) {
      // A header whose columns cannot be read as they are: the reading goes with it, to choose them from.
      if (step.kind === 'header-error') return { ok: false, errors: [{ row: 1, message: step.message }], ...(reading && { reading }) };
      if (step.kind === 'too-many')
        return { ok: false, errors: [{ row: CSV_MAX_ROWS + 2, message: MESSAGES.csvTooManyRows(CSV_MAX_ROWS) }] };
      if (step.kind === 'reading') {
        reading = step.reading;
        continue;
      }
      const { row, result } = step;
      if (result.error !== undefined) {
        if (errors.length < MAX_ERRORS) errors.push({ row, message: result.error });
        continue;
      }
      for (const message of result.warnings) if (warnings.length < MAX_ERRORS) warnings.push({ row, message });
      rowCount++;
      if (preview.length < previewRows) preview.push(result.planned!);
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { message, lines } = error as CsvError & { lines?: number };
    return { ok: false, errors: [{ row: lines ?? 1, message: MESSAGES.csvInvalid(message) }] };
  }
  if (reading === undefined) return { ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] };
  if (errors.length > 0) return { ok: false, errors, rowCount, preview, warnings, reading };
  if (rowCount === 0) return { ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }], rowCount, preview, warnings, reading };
  return { ok: true, rowCount, preview, warnings, reading };
};

/**
 * The rows of a file planImport found sound, read again one at a time (what the import appends).
 * `soundOnly` (the preview's count): rows in error are passed over, as is a file that cannot be read.
 */
export async function* plannedRows(
  text: CsvText,
  userId: string,
  choice: ColumnChoice = {},
  soundOnly = false,
): AsyncGenerator<PlannedRow> {
  try {
    for await (const step of steps(text, userId, choice)) {
      if (step.kind === 'reading') continue;
      if (step.kind !== 'row' || step.result.error !== undefined) {
        if (!soundOnly) throw new Error('The file changed while it was imported');
        if (step.kind === 'row') continue;
        return;
      }
      yield step.result.planned!;
    }
  } catch (error) {
    if (!(soundOnly && error instanceof CsvError)) throw error;
  }
}
