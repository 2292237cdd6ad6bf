import { isIsoDate } from './dates';

/** YYYY-MM-DDTHH:MM[:SS[.fraction]] and an offset (Z or ±HH:MM). */
const OFFSET_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * True for an event's start time as bets carry it: an ISO 8601 date-time WITH its offset
 * ("2026-11-28T19:30:00-05:00", "…Z"), naming a real instant: a real calendar date from 1900 to
 * 2099, hours 00-23, minutes and seconds 00-59, an offset of at most ±23:59. A local time without
 * an offset names no instant, so it is refused rather than guessed.
 */
export const isStartTime = (text: string): boolean => {
  const m = OFFSET_DATE_TIME.exec(text);
  if (!m) return false;
  const [, day, hours, minutes, seconds, , offsetHours, offsetMinutes] = m;
  if (!isIsoDate(day) || day < '1900-01-01' || day > '2099-12-31') return false;
  if (+hours > 23 || +minutes > 59 || (seconds !== undefined && +seconds > 59)) return false;
  return offsetHours === undefined || (+offsetHours <= 23 && +offsetMinutes <= 59);
};

/** The instant a start time names, in ms since the epoch (isStartTime holds). */
export const startInstant = (startsAt: string): number => Date.parse(startsAt);

/**
 * A parlay's start: its earliest leg's when every leg has one; null when any leg has none (a
 * parlay is logged before its start only if it is before every leg's, which a leg without a time
 * cannot show).
 */
export const parlayStartsAt = (legs: readonly { startsAt?: string | null }[]): string | null => {
  let earliest: string | null = null;
  for (const { startsAt } of legs) {
    if (!startsAt) return null;
    if (earliest === null || startInstant(startsAt) < startInstant(earliest)) earliest = startsAt;
  }
  return earliest;
};

/** How a bet was logged relative to its event's start (public profiles). */
export type BetTiming = 'before-start' | 'after-start' | 'imported' | 'no-start-time';

/**
 * Provisional (the transparency log will prove it): before its start when the first time it was
 * recorded (the first BetPlaced/ParlayCreated's recordedAt) precedes `startsAt`. An imported bet
 * was typed elsewhere first: its timing cannot be shown.
 */
export const betTiming = (bet: { imported: boolean; startsAt: string | null; recordedAt: Date | string | null }): BetTiming => {
  if (bet.imported) return 'imported';
  if (bet.startsAt === null || bet.recordedAt === null) return 'no-start-time';
  return new Date(bet.recordedAt).getTime() < startInstant(bet.startsAt) ? 'before-start' : 'after-start';
};
