import { isIsoDate } from '@bt/contracts';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from './format';
import { today as localToday } from './dates';

/** The URL parameter that holds the day being viewed (`?asOf=2026-03-01`), so the view can be bookmarked. */
export const AS_OF_PARAM = 'asOf';

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
  /** Views a past day; today or later goes back to the live record. */
  choose(day: string): void;
  backToToday(): void;
}

export const useTimeTravel = (): TimeTravel => {
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const reading = readAsOf(params.get(AS_OF_PARAM), today);
  const show = (day: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (day === undefined || day >= today) next.delete(AS_OF_PARAM);
      else next.set(AS_OF_PARAM, day);
      return next;
    });
  return { ...reading, today, choose: show, backToToday: () => show(undefined) };
};
