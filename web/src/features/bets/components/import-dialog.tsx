import type { ImportReport } from '@bt/contracts';
import { MESSAGES } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field, FormActions, FormStack, Input } from '../../../components/field';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useImportBetsMutation } from '../api/bets-api';
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

function ImportForm({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [importBets, { isLoading }] = useImportBetsMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(MESSAGES.csvFileMissing);
      return;
    }
    try {
      const result = await importBets(await file.text()).unwrap();
      setReport(result);
      toast({ title: 'Import complete', description: importedToast(result) });
    } catch (cause) {
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
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <Field label="CSV file" error={error} hint="Use the columns of a file made with Export CSV; one bet per row after the header.">
        {(props) => (
          <Input
            {...props}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(undefined);
              setReport(null);
            }}
          />
        )}
      </Field>
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
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Importing...' : 'Import'}
        </Button>
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
