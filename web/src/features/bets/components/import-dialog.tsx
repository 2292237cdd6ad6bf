import {
  importPreview,
  importReport,
  CSV_IMPORT_FIELDS,
  MESSAGES,
  type CsvMapping,
  type ImportPreview,
  type ImportReport,
} from '@bt/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import type { AppDispatch } from '../../../app/store';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field, FormActions, FormStack, Input, Select } from '../../../components/field';
import { Progress } from '../../../components/progress';
import { api, BET_RESULT_TAGS } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { formatDate, formatMoney, formatProfit } from '../../../lib/format';
import { betTypeLabel, OUTCOME_LABELS, sportLabel } from '../../../lib/labels';
import { toast } from '../../../lib/toast';
import { uploadImport } from '../api/import-upload';
import { importedToast, importSummary, refusedReport, rowLine, rowsSentence } from '../lib/import-report';

const Summary = styled.p`
  font-weight: 600;
`;

const Errors = styled.ul`
  margin: 0;
  padding: 8px 8px 8px 28px;
  max-height: 220px;
  overflow: auto;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: 0.875rem;
  li + li {
    margin-top: 4px;
  }
`;

const Scroll = styled.div`
  max-height: 260px;
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

const SmallSelect = styled(Select)`
  min-width: 140px;
  padding-top: 4px;
  padding-bottom: 4px;
`;

const Caption = styled.p`
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

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

type Stage = { kind: 'idle' } | { kind: 'sending'; what: 'preview' | 'import'; sent: number };

function ImportForm({ onDone }: { onDone: () => void }) {
  const dispatch = useDispatch<AppDispatch>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  /** Set once the user changes a column's field: then every import of this file sends it. */
  const [mapping, setMapping] = useState<CsvMapping | undefined>(undefined);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const request = useRef(0);

  const failed = (cause: unknown) => {
    // A refused file answers the rows that stopped it: list them, never the raw answer.
    const refused = isApiError(cause) ? refusedReport(cause.body) : undefined;
    if (refused) setReport(refused);
    toast({
      variant: 'destructive',
      title: 'Import failed',
      description: refused
        ? rowsSentence(refused.errors)
        : isApiError(cause)
          ? (cause.serverMessage ?? cause.message)
          : 'Please try again.',
    });
  };

  const loadPreview = async (chosen: File, withMapping: CsvMapping | undefined) => {
    const mine = ++request.current;
    setStage({ kind: 'sending', what: 'preview', sent: 0 });
    try {
      const answer = importPreview.parse(
        await uploadImport(chosen, {
          dryRun: true,
          mapping: withMapping,
          onProgress: (sent) => setStage({ kind: 'sending', what: 'preview', sent }),
        }),
      );
      if (mine === request.current) setPreview(answer);
    } catch (cause) {
      if (mine === request.current) failed(cause);
    } finally {
      if (mine === request.current) setStage({ kind: 'idle' });
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(undefined);
    setReport(null);
    setPreview(null);
    setMapping(undefined);
    if (chosen) void loadPreview(chosen, undefined);
  };

  /** One column's field changed: the mapping is then every column's field as the preview shows it. */
  const remap = (index: number, field: string) => {
    if (!preview || !file) return;
    const next: CsvMapping = {};
    preview.columns.forEach((column, i) => {
      const chosen = i === index ? (field === '' ? null : field) : column.field;
      if (chosen !== null && (i === index || chosen !== field)) next[chosen as keyof CsvMapping] = column.header;
    });
    setMapping(next);
    setReport(null);
    void loadPreview(file, next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(MESSAGES.csvFileMissing);
      return;
    }
    setStage({ kind: 'sending', what: 'import', sent: 0 });
    try {
      const result = importReport.parse(
        await uploadImport(file, { mapping, onProgress: (sent) => setStage({ kind: 'sending', what: 'import', sent }) }),
      );
      dispatch(api.util.invalidateTags([...BET_RESULT_TAGS]));
      setReport(result);
      toast({ title: 'Import complete', description: importedToast(result) });
    } catch (cause) {
      failed(cause);
    } finally {
      setStage({ kind: 'idle' });
    }
  };

  const sending = stage.kind === 'sending';
  const canImport = !sending && (!preview || (preview.errors.length === 0 && preview.rowCount > 0));
  const importLabel =
    preview && preview.errors.length === 0 && preview.rowCount > 0 ? `Import ${plural(preview.rowCount, 'bet')}` : 'Import';

  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <Field
        label="CSV file"
        error={error}
        hint="A file made with Export CSV, a Pikkit export (transactions.csv), or another tracker's CSV: you will see how it reads before anything is imported."
      >
        {(props) => <Input {...props} type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} />}
      </Field>
      {sending && (
        <Progress
          label={stage.what === 'preview' ? 'Reading the file' : 'Uploading the file'}
          value={Math.round(stage.sent * 100)}
          valueText={`${Math.round(stage.sent * 100)}%`}
        />
      )}
      {preview && !report && (
        <>
          <Caption>{preview.format === 'pikkit' ? 'Pikkit export: how each column is read' : 'How each column is read'}</Caption>
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
                          disabled={sending}
                          onChange={(e) => remap(index, e.target.value)}
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
          {preview.rows.length > 0 && (
            <>
              <Caption>
                {preview.rowCount > preview.rows.length
                  ? `The first ${preview.rows.length} of ${plural(preview.rowCount, 'bet')}, as they will be stored`
                  : `${plural(preview.rowCount, 'bet')}, as they will be stored`}
              </Caption>
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
                    {preview.rows.map((row) => (
                      <tr key={row.row}>
                        <td>{row.row}</td>
                        <td>{row.date ? formatDate(row.date) : 'Today'}</td>
                        <td>{row.sport ? sportLabel(row.sport) : 'Parlay'}</td>
                        <td>{row.event}</td>
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
            </>
          )}
          {preview.errors.length > 0 && (
            <div role="status">
              <Summary>Nothing can be imported until these rows are fixed:</Summary>
              <Errors aria-label="Rows not imported">
                {preview.errors.map((rowError) => (
                  <li key={`${rowError.row}-${rowError.message}`}>{rowLine(rowError)}</li>
                ))}
              </Errors>
            </div>
          )}
          {preview.warnings.length > 0 && (
            <Errors aria-label="Rows to be imported with a warning">
              {preview.warnings.map((warning) => (
                <li key={`${warning.row}-${warning.message}`}>{rowLine(warning)}</li>
              ))}
            </Errors>
          )}
        </>
      )}
      {report && (
        <div role="status">
          <Summary>{report.errors.length > 0 ? 'Nothing was imported. Fix these rows and try again:' : importSummary(report)}</Summary>
          {report.errors.length > 0 && (
            <Errors aria-label="Rows not imported">
              {report.errors.map((rowError) => (
                <li key={`${rowError.row}-${rowError.message}`}>{rowLine(rowError)}</li>
              ))}
            </Errors>
          )}
          {report.warnings.length > 0 && (
            <Errors aria-label="Rows imported with a warning">
              {report.warnings.map((warning) => (
                <li key={`${warning.row}-${warning.message}`}>{rowLine(warning)}</li>
              ))}
            </Errors>
          )}
        </div>
      )}
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          {report ? 'Close' : 'Cancel'}
        </Button>
        {!(report && report.errors.length === 0) && (
          <Button type="submit" disabled={!canImport}>
            {sending && stage.what === 'import' ? 'Importing...' : importLabel}
          </Button>
        )}
      </FormActions>
    </FormStack>
  );
}

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Import Bets" description="Add bets from a CSV file.">
      <ImportForm onDone={onClose} />
    </Dialog>
  );
}
