import { TAX_YEARS, type TaxDiaryEntry } from '@bt/contracts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { betTypeLabel, OUTCOME_LABELS } from '../../../lib/labels';

/** Years the year picker offers back from the current one (a year in the URL outside them is added). */
const YEARS_OFFERED = 10;

/** The year in `?year=` when it is one the server takes (four digits, 1900 to 2100); else the current year. */
export const yearFromParams = (params: URLSearchParams, currentYear: number): number => {
  const text = params.get('year') ?? '';
  const year = Number(text);
  return /^\d{4}$/.test(text) && year >= TAX_YEARS.min && year <= TAX_YEARS.max ? year : currentYear;
};

/** The picker's years, newest first: the current one and the nine before it, and `shown` wherever it is. */
export const yearChoices = (currentYear: number, shown: number): number[] => {
  const years = new Set(Array.from({ length: YEARS_OFFERED }, (_, i) => currentYear - i));
  years.add(shown);
  return [...years].sort((a, b) => b - a);
};

/** A book's name, or what stands for wagers recorded without one. */
export const bookLabel = (book: string | null): string => book ?? 'No book';

/** "1 pending wager dated 2026 is left out until it settles." */
export const pendingNote = (pending: number, year: number): string =>
  pending === 1
    ? `1 pending wager dated ${year} is left out until it settles.`
    : `${pending} pending wagers dated ${year} are left out until they settle.`;

/** A diary row's cells as shown (and printed): pending wagers have no winnings or loss yet. */
export const diaryCells = (entry: TaxDiaryEntry) => ({
  date: formatDate(entry.date),
  book: bookLabel(entry.book),
  wager: entry.event,
  kind: [betTypeLabel(entry.betType), ...(entry.bonusBet ? ['bonus bet'] : [])].join(', '),
  stake: formatMoney(entry.stake),
  outcome: OUTCOME_LABELS[entry.outcome],
  /** What a cash-out returned ("for $12.45"); empty for any other outcome. */
  cashOut: entry.outcome === 'cashout' && entry.cashOutAmount !== null ? `for ${formatMoney(entry.cashOutAmount)}` : '',
  winnings: entry.winnings === null ? '—' : formatMoney(entry.winnings),
  loss: entry.loss === null ? '—' : formatMoney(entry.loss),
  recorded: formatDateTime(entry.recordedAt),
});

/** The saved diary's name: "wagering-diary-2026.csv". */
export const diaryFileName = (year: number): string => `wagering-diary-${year}.csv`;
