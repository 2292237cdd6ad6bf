import { isIsoDate, type AsOfReading as Reading } from '@bt/contracts';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from './format';
import { today as localToday } from './dates';

/** The URL parameter that holds the day being viewed (`?asOf=2026-03-01`), so the view can be bookmarked. */
export const AS_OF_PARAM = 'asOf';
/** Which record a past day shows (`?asOfReading=dated`; absent: as recorded by the end of that day). */
const READING_PARAM = 'asOfReading';

/** The two readings of a past day, in the bettor's words. */
export const READINGS: readonly { value: Reading; label: string }[] = [
  { value: 'recorded', label: 'As recorded by the end of that day' },
  { value: 'dated', label: 'Bets dated up to that day' },
];

/** A past day and its reading, as the reads take them. */
export interface PastDay {
  day: string;
  reading: Reading;
}

/** The query parameters of a read for a past day (none for today). */
export const asOfParams = (past: PastDay | undefined): { asOf?: string; asOfReading?: Reading } =>
  past === undefined ? {} : { asOf: past.day, asOfReading: past.reading };

/** What a page shows: the record now (`asOf` undefined) or at the end of a past day; `refused` says why a URL's date was not used. */
export interface AsOfReading {
  asOf: string | undefined;
  refused: string | undefined;
}

/**
 * Reads `?asOf=` against the reader's today: a past day is viewed; today (or nothing) is the live
 * record; a future day or anything that is not a date falls back to today with a message saying so.
 */
export const readAsOf = (text: string | null, today: string): AsOfReading => {
  if (text === null || text === '' || text === today) return { asOf: undefined, refused: undefined };
  if (!isIsoDate(text)) return { asOf: undefined, refused: `"${text}" is not a date. Showing your record as of today.` };
  if (text > today) return { asOf: undefined, refused: `${formatDate(text)} is in the future. Showing your record as of today.` };
  return { asOf: text, refused: undefined };
};

/** The "As of" day of the page from its URL, and how to move it (the other parameters stay). */
export interface TimeTravel extends AsOfReading {
  /** The latest day the control offers (the reader's today). */
  today: string;
  /** The reading chosen (kept while today is shown, for the next past day). */
  reading: Reading;
  /** The past day viewed and its reading; undefined for today. */
  past: PastDay | undefined;
  /** Views a past day; today or later goes back to the live record. */
  choose(day: string): void;
  chooseReading(reading: Reading): void;
  backToToday(): void;
}

export const useTimeTravel = (): TimeTravel => {
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const day = readAsOf(params.get(AS_OF_PARAM), today);
  const reading: Reading = params.get(READING_PARAM) === 'dated' ? 'dated' : 'recorded';
  const change = (name: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === undefined) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const show = (chosen: string | undefined) => change(AS_OF_PARAM, chosen === undefined || chosen >= today ? undefined : chosen);
  return {
    ...day,
    today,
    reading,
    past: day.asOf === undefined ? undefined : { day: day.asOf, reading },
    choose: show,
    chooseReading: (chosen) => change(READING_PARAM, chosen === 'recorded' ? undefined : chosen),
    backToToday: () => show(undefined),
  };
};
