import {
  importPreview,
  importReport,
  mappingOfColumns,
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
import { Field, FormActions, FormStack, Input } from '../../../components/field';
import { Progress } from '../../../components/progress';
import { api, BET_RESULT_TAGS } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { uploadImport } from '../api/import-upload';
import { importAction, importedToast, importSummary, previewCounts, refusedReport, rowLine, rowsSentence } from '../lib/import-report';
import { Caption, ColumnsTable, PreviewTable } from './import-tables';

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

const Note = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** What a CSV's columns leave to us: no sport column imports Other, no bet type reads it from the event. */
const defaultsNote = (preview: ImportPreview): string[] => {
  if (preview.format !== 'csv' || preview.columns.length === 0) return [];
  const read = new Set(preview.columns.map((c) => c.field));
  return [
    ...(read.has('sport') ? [] : ['No column is read as Sport: the bets are imported as Other.']),
    ...(read.has('betType')
      ? []
      : ['No column is read as Bet type: it is read from each event (Over/Under: total; a line such as +3.5: spread; else moneyline).']),
  ];
};

type Stage = { kind: 'idle' } | { kind: 'sending'; what: 'preview' | 'import'; sent: number };

function ImportForm({ onDone }: { onDone: () => void }) {
  const dispatch = useDispatch<AppDispatch>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  /**
   * Set once the user changes a column's field: every column as the table shows it. Without it the
   * server reads the file by the mapping remembered for its headers, else by its guess.
   */
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

  /** One column's field changed: the mapping is then every column's field as the table shows it (a field is read from one column). */
  const remap = (index: number, field: string | null) => {
    if (!preview || !file) return;
    const columns = preview.columns.map((column, i) =>
      i === index ? { ...column, field } : column.field === field ? { ...column, field: null } : column,
    );
    const next = mappingOfColumns(columns);
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
      // The columns as the user saw them (the server remembers them for files with these headers).
      const columns = preview?.format === 'csv' && preview.columns.length > 0 ? mappingOfColumns(preview.columns) : mapping;
      const result = importReport.parse(
        await uploadImport(file, { mapping: columns, onProgress: (sent) => setStage({ kind: 'sending', what: 'import', sent }) }),
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
  const action = importAction(preview);

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
          {preview.remembered && <Note>Read as you mapped these columns last time.</Note>}
          <ColumnsTable preview={preview} disabled={sending} onRemap={remap} />
          {defaultsNote(preview).map((note) => (
            <Note key={note}>{note}</Note>
          ))}
          {preview.rowCount > 0 && <Summary aria-live="polite">{previewCounts(preview)}</Summary>}
          {preview.rows.length > 0 && (
            <>
              <Caption>
                {preview.rowCount > preview.rows.length
                  ? `The first ${preview.rows.length} of ${plural(preview.rowCount, 'bet')}, as they will be stored`
                  : `${plural(preview.rowCount, 'bet')}, as they will be stored`}
              </Caption>
              <PreviewTable rows={preview.rows} />
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
          <Button type="submit" disabled={sending || !action.enabled}>
            {sending && stage.what === 'import' ? 'Importing...' : action.label}
          </Button>
        )}
      </FormActions>
    </FormStack>
  );
}

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Import Bets" description="Add bets from a CSV file." wide>
      <ImportForm onDone={onClose} />
    </Dialog>
  );
}
