import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { Field, Select } from '../../../components/field';
import { DownloadIcon, PrinterIcon } from '../../../components/icons';
import { PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { serverMessageOr } from '../../../lib/api-error';
import { downloadFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { useGetTaxDiaryQuery, useGetTaxYearQuery } from '../api/reports-api';
import { TaxBooks, TaxTotals } from '../components/tax-figures';
import { TaxExplainer } from '../components/tax-explainer';
import { WageringDiary } from '../components/wagering-diary';
import { diaryFileName, pendingNote, yearChoices, yearFromParams } from '../lib/tax-year-view';

/*
 * On paper (the browser's Print, or Save as PDF) the page is the document: the app's chrome hides
 * itself (header, bottom bar, footer), the controls here hide, and text prints black on white
 * whatever the theme.
 */
const Report = styled(PageContainer)`
  @media print {
    max-width: none;
    padding: 0;
    gap: 14px;
    *,
    *::before,
    *::after {
      color: #000 !important;
      background: transparent !important;
      box-shadow: none !important;
    }
    section {
      border-color: #999;
    }
  }
`;

const NoPrint = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  @media print {
    display: none;
  }
`;

const Notice = styled.p`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: 0.9375rem;
  strong {
    font-weight: 650;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Loading = () => (
  <Stack>
    {Array.from({ length: 3 }, (_, i) => (
      <Skeleton key={i} $height="40px" />
    ))}
  </Stack>
);

/** Reports › Tax year (`/reports/tax?year=YYYY`): the year's figures per book and in total, the rule, and the wagering diary. */
export function TaxYearRoute() {
  const [params, setParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const year = yearFromParams(params, currentYear);
  const summary = useGetTaxYearQuery(year);
  const diary = useGetTaxDiaryQuery(year);
  // The answers of the year asked for (not the previous year's while the next loads).
  const data = summary.currentData;
  const diaryData = diary.currentData;
  const summaryStatus = queryView({ data, error: summary.error });
  const diaryStatus = queryView({ data: diaryData, error: diary.error });
  const [downloading, setDownloading] = useState(false);

  // The printed file's default name ("Save as PDF") is the document's title.
  useEffect(() => {
    const before = document.title;
    document.title = `Tax year ${year} – wagering diary`;
    return () => {
      document.title = before;
    };
  }, [year]);

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      await downloadFile({ url: `/reports/tax/diary.csv?year=${year}`, accept: 'text/csv', fallbackName: diaryFileName(year) });
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Download failed', description: serverMessageOr(cause, 'Please try again.') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Report>
      <PageHeader
        title={`Tax year ${year}`}
        subtitle="Your wagering winnings and losses for the year, per book and in total, and the diary behind them."
        actions={
          <NoPrint>
            <Field label="Year">
              {(props) => (
                <Select {...props} value={year} onChange={(e) => setParams({ year: e.target.value })}>
                  {yearChoices(currentYear, year).map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Button variant="outline" onClick={() => void downloadCsv()} disabled={downloading}>
              <DownloadIcon />
              {downloading ? 'Downloading...' : 'Download diary CSV'}
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <PrinterIcon />
              Print
            </Button>
          </NoPrint>
        }
      />
      {data && (
        <Notice role="note">
          {data.rule.text} <strong>This is not tax advice:</strong> the page adds up what you recorded by these rules; ask a tax
          professional how they apply to you.
        </Notice>
      )}
      <Card aria-labelledby="tax-summary-title" aria-busy={summaryStatus === 'loading'}>
        <CardHeader>
          <CardTitle id="tax-summary-title">Summary</CardTitle>
        </CardHeader>
        <CardContent>
          {summaryStatus === 'error' ? (
            <QueryError what="your tax year" error={summary.error} onRetry={summary.refetch} retrying={summary.isFetching} />
          ) : !data ? (
            <Loading />
          ) : (
            <Stack>
              <TaxTotals year={data} />
              {data.pending > 0 && <Muted>{pendingNote(data.pending, data.year)}</Muted>}
            </Stack>
          )}
        </CardContent>
      </Card>
      {data && <TaxBooks year={data} />}
      {data && <TaxExplainer rule={data.rule} />}
      <Card aria-labelledby="tax-diary-title" aria-busy={diaryStatus === 'loading'}>
        <CardHeader>
          <div>
            <CardTitle id="tax-diary-title">Wagering diary</CardTitle>
            <CardDescription>
              Every wager dated {year}, oldest first, and when you recorded it here (your time zone). Your event log (Settings, Download my
              data) holds the same times.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          {diaryStatus === 'error' ? (
            <QueryError what="your wagering diary" error={diary.error} onRetry={diary.refetch} retrying={diary.isFetching} />
          ) : !diaryData ? (
            <Loading />
          ) : (
            <WageringDiary diary={diaryData} />
          )}
        </CardContent>
      </Card>
    </Report>
  );
}
