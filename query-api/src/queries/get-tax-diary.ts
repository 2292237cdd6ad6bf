import { stringify } from 'csv-stringify/sync';
import { TAX_DIARY_COLUMNS, taxDiaryCsvRecord, wagerResult, type TaxDiary, type TaxDiaryEntry } from '@bt/contracts';
import type { QueryRoute } from '../query-route';
import { reportYear, yearWagers, type YearWager } from './get-tax-year';

/** A wager as the diary shows it: its winnings and loss as the year counts them (null while pending). */
const diaryEntry = ({ profit, ...entry }: YearWager): TaxDiaryEntry => {
  const result = wagerResult({ ...entry, profit });
  return { ...entry, winnings: result?.winnings ?? null, loss: result?.loss ?? null };
};

/**
 * GET /api/reports/tax/diary?year=: every wager dated in the year, oldest first, pending ones
 * included (their winnings and loss null), with when each was recorded.
 */
export const taxDiaryRoute: QueryRoute = {
  path: '/reports/tax/diary',
  answer: async (reads, ctx): Promise<TaxDiary> => {
    const year = reportYear(reads, ctx.query);
    return { year, wagers: (await yearWagers(reads.db, reads.userId, year)).map(diaryEntry) };
  },
};

/**
 * GET /api/reports/tax/diary.csv?year=: the diary as a file (csv-stringify, as the bet export):
 * RFC 4180 quoting, CRLF line ends, plain numbers. One year's rows, built whole.
 */
export const taxDiaryCsvRoute: QueryRoute = {
  path: '/reports/tax/diary.csv',
  answer: async (reads, ctx) => {
    const year = reportYear(reads, ctx.query);
    const wagers = (await yearWagers(reads.db, reads.userId, year)).map(diaryEntry);
    ctx.attachment(`wagering-diary-${year}.csv`);
    ctx.type = 'text/csv; charset=utf-8';
    return stringify(wagers.map(taxDiaryCsvRecord), { header: true, columns: [...TAX_DIARY_COLUMNS], record_delimiter: 'windows' });
  },
};
