import { saveBlob } from './download';

/**
 * A CSV file built in the browser (RFC 4180): cells with a comma, a quote or a line break are
 * quoted, quotes doubled; lines end in CRLF. Text the user typed (a book, a tag) should pass through
 * contracts' neutraliseCsvText first, so a spreadsheet does not run it as a formula.
 */
export const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Rows of cells as one CSV text, header first. */
export const toCsv = (rows: readonly (readonly string[])[]): string => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Saves a text as a file through the browser's download. */
export const downloadText = (text: string, filename: string, type = 'text/csv;charset=utf-8'): void =>
  saveBlob(new Blob([text], { type }), filename);
