import { parse } from 'csv-parse/sync';
import {
  CSV_COLUMNS,
  CSV_IMPORT_FIELDS,
  CSV_MAX_ROWS,
  csvCells,
  csvRowToImport,
  isBlankCsvRow,
  MESSAGES,
  PIKKIT_COLUMNS,
  PIKKIT_FIELDS,
  pikkitCells,
  pikkitRowToImport,
  readCsvHeader,
  readPikkitHeader,
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
}

/**
 * `warnings`: rows imported differently from the file (an unknown sport stored as 'other'). `rows`
 * and `warnings` are filled even when `errors` are found (the preview shows them all).
 */
export type ImportPlan =
  | { ok: true; rows: PlannedRow[]; warnings: RowError[]; reading: ImportReading }
  | { ok: false; errors: RowError[]; rows?: PlannedRow[]; warnings?: RowError[]; reading?: ImportReading };

/** Enough to fix a file by; the rest would only make the answer huge. */
const MAX_ERRORS = 500;

/**
 * Reads and validates the whole file before anything is appended: any bad row fails the import.
 * Ids are derived from the user and the row (its id, else its content and how many identical rows
 * came before it), so importing the same file again adds nothing. Pikkit's export is recognised by
 * its header (unless a mapping is given): its rows get ids derived from (user, 'pikkit', bet_id).
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

  const planned: PlannedRow[] = [];
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const warn = (row: number, message: string) => {
    if (warnings.length < MAX_ERRORS) warnings.push({ row, message });
  };
  const fail = (row: number, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ row, message });
  };
  let reading: ImportReading;

  const pikkit = mapping === undefined ? readPikkitHeader(header) : undefined;
  if (pikkit) {
    reading = {
      format: 'pikkit',
      columns: header.map((h) => {
        const name = h.trim().toLowerCase();
        return {
          header: h,
          field: (PIKKIT_COLUMNS as readonly string[]).includes(name) ? PIKKIT_FIELDS[name as keyof typeof PIKKIT_FIELDS] : null,
        };
      }),
    };
    rows.forEach((cells, index) => {
      const row = index + 2;
      const record = pikkitCells(cells, pikkit);
      if (Object.values(record).every((v) => v === '')) return;
      const result = pikkitRowToImport(record);
      if (!result.ok) return fail(row, result.message);
      for (const warning of result.warnings) warn(row, warning);
      planned.push({ row, value: result.value, ids: [{ id: derivedId(userId, 'pikkit', result.betId), ownerCheck: false }], amends: true });
    });
  } else {
    const found = readCsvHeader(header, mapping);
    if (!found.ok) return { ok: false, errors: [{ row: 1, message: found.message }] };
    const fieldAt = new Map(Object.entries(found.columns).map(([field, index]) => [index, field]));
    reading = { format: 'csv', columns: header.map((h, i) => ({ header: h, field: fieldAt.get(i) ?? null })) };
    const seen = new Map<string, number>();
    rows.forEach((cells, index) => {
      const row = index + 2;
      const record = csvCells(cells, found.columns);
      if (isBlankCsvRow(record)) return;
      const result = csvRowToImport(record);
      if (!result.ok) return fail(row, result.message);
      if (result.warning) warn(row, result.warning);
      const external = record.id;
      let ids: PlannedRow['ids'];
      if (external === '') {
        // Without a selection, the content of the columns before it (ids of files imported before it came).
        const content = JSON.stringify((record.selection === '' ? CSV_COLUMNS : CSV_IMPORT_FIELDS).map((c) => record[c]));
        const occurrence = seen.get(content) ?? 0;
        seen.set(content, occurrence + 1);
        ids = [{ id: derivedId(userId, 'csv-row', content, String(occurrence)), ownerCheck: false }];
      } else {
        const derived = { id: derivedId(userId, 'csv-id', external.toLowerCase()), ownerCheck: false };
        ids = isUuid(external) ? [{ id: external.toLowerCase(), ownerCheck: true }, derived] : [derived];
      }
      planned.push({ row, value: result.value, ids });
    });
  }
  if (errors.length > 0) return { ok: false, errors, rows: planned, warnings, reading };
  if (planned.length === 0) return { ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }], rows: planned, warnings, reading };
  return { ok: true, rows: planned, warnings, reading };
};
