import { importReport, type ImportPreview, type ImportReport } from '@bt/contracts';

type RowMessage = ImportReport['errors'][number];

/** How many rows a toast names; the dialog lists them all. */
const TOAST_ROWS = 3;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line per row, as the dialog lists them: "Row 3: Stake must be a positive number". */
export const rowLine = ({ row, message }: RowMessage): string => `Row ${row}: ${message}`;

/** The first rows as one readable sentence for a toast, and how many more the dialog lists. */
export const rowsSentence = (rows: readonly RowMessage[]): string => {
  const named = rows.slice(0, TOAST_ROWS).map(rowLine).join('; ');
  const more = rows.length - TOAST_ROWS;
  return more > 0 ? `${named}; and ${plural(more, 'more row')}.` : `${named}.`;
};

/** "2 bets imported, 0 skipped." (and ", 1 updated" when bets imported before were amended). */
export const importSummary = (report: ImportReport): string =>
  `${plural(report.imported, 'bet')} imported, ${report.skipped} skipped${report.amended > 0 ? `, ${report.amended} updated` : ''}.`;

/** The toast after an import: the summary, and the rows imported with a warning. */
export const importedToast = (report: ImportReport): string =>
  report.warnings.length > 0 ? `${importSummary(report)} ${rowsSentence(report.warnings)}` : importSummary(report);

/** The report in a refused import's answer (422: the rows that stopped it), if that is what came back. */
export const refusedReport = (body: unknown): ImportReport | undefined => {
  const parsed = importReport.safeParse(body);
  return parsed.success && parsed.data.errors.length > 0 ? parsed.data : undefined;
};

type PreviewCounts = Pick<ImportPreview, 'rowCount' | 'newRows' | 'alreadyImported' | 'toUpdate' | 'errors'>;

const count = (n: number) => n.toLocaleString('en-US');

/** What the preview says the import would do: "18 rows: 0 new, 18 already imported" (", 2 to update"). */
export const previewCounts = ({ rowCount, newRows, alreadyImported, toUpdate }: PreviewCounts): string =>
  `${count(rowCount)} ${rowCount === 1 ? 'row' : 'rows'}: ${count(newRows)} new, ${count(alreadyImported)} already imported${
    toUpdate > 0 ? `, ${count(toUpdate)} to update` : ''
  }`;

/**
 * The import button, saying what it will do ("Import 12 new bets", "Update 1 bet"), and whether
 * there is anything to do: nothing while rows are in error, nor when every row was imported before.
 */
export const importAction = (preview: PreviewCounts | null): { label: string; enabled: boolean } => {
  if (!preview || preview.errors.length > 0 || preview.rowCount === 0) return { label: 'Import', enabled: !preview };
  const { newRows, toUpdate } = preview;
  const n = (k: number, word: string) => `${count(k)} ${word}${k === 1 ? '' : 's'}`;
  if (newRows > 0)
    return { label: `Import ${n(newRows, 'new bet')}${toUpdate > 0 ? ` and update ${count(toUpdate)}` : ''}`, enabled: true };
  if (toUpdate > 0) return { label: `Update ${n(toUpdate, 'bet')}`, enabled: true };
  return { label: 'Nothing new to import', enabled: false };
};
