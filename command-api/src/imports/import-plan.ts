import { parse } from 'csv-parse/sync';
import {
  CSV_COLUMNS,
  CSV_MAX_ROWS,
  csvCells,
  csvRowToImport,
  isBlankCsvRow,
  MESSAGES,
  readCsvHeader,
  type CsvImport,
  type CsvMapping,
} from '@bt/contracts';
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
}

/** `warnings`: rows imported differently from the file (an unknown sport stored as 'other'). */
export type ImportPlan = { ok: true; rows: PlannedRow[]; warnings: RowError[] } | { ok: false; errors: RowError[] };

/** Enough to fix a file by; the rest would only make the answer huge. */
const MAX_ERRORS = 500;

/**
 * Reads and validates the whole file before anything is appended: any bad row fails the import.
 * Ids are derived from the user and the row (its id, else its content and how many identical rows
 * came before it), so importing the same file again adds nothing.
 */
export const planImport = (text: string, userId: string, mapping?: CsvMapping): ImportPlan => {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    const { message, lines } = error as { message: string; lines?: number };
    return { ok: false, errors: [{ row: lines ?? 1, message: MESSAGES.csvInvalid(message) }] };
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return { ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] };
  if (rows.length > CSV_MAX_ROWS) return { ok: false, errors: [{ row: CSV_MAX_ROWS + 2, message: MESSAGES.csvTooManyRows(CSV_MAX_ROWS) }] };
  const found = readCsvHeader(header, mapping);
  if (!found.ok) return { ok: false, errors: [{ row: 1, message: found.message }] };

  const planned: PlannedRow[] = [];
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const seen = new Map<string, number>();
  rows.forEach((cells, index) => {
    const row = index + 2;
    const record = csvCells(cells, found.columns);
    if (isBlankCsvRow(record)) return;
    const result = csvRowToImport(record);
    if (!result.ok) {
      if (errors.length < MAX_ERRORS) errors.push({ row, message: result.message });
      return;
    }
    if (result.warning && warnings.length < MAX_ERRORS) warnings.push({ row, message: result.warning });
    const external = record.id;
    let ids: PlannedRow['ids'];
    if (external === '') {
      const content = JSON.stringify(CSV_COLUMNS.map((c) => record[c]));
      const occurrence = seen.get(content) ?? 0;
      seen.set(content, occurrence + 1);
      ids = [{ id: derivedId(userId, 'csv-row', content, String(occurrence)), ownerCheck: false }];
    } else {
      const derived = { id: derivedId(userId, 'csv-id', external.toLowerCase()), ownerCheck: false };
      ids = isUuid(external) ? [{ id: external.toLowerCase(), ownerCheck: true }, derived] : [derived];
    }
    planned.push({ row, value: result.value, ids });
  });
  if (errors.length > 0) return { ok: false, errors };
  if (planned.length === 0) return { ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] };
  return { ok: true, rows: planned, warnings };
};
