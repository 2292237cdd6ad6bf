/**
 * An event's start time between a datetime-local input (the browser's local wall time, no offset)
 * and the API's ISO 8601 with its offset ("2026-11-28T19:30:00-05:00"), which names one instant.
 */

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** The browser's offset at that local time ("-05:00"), as the API takes it (DST counted for that day). */
export const localOffset = (at: Date): string => {
  const minutes = -at.getTimezoneOffset();
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
};

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * The input's value with the browser's offset for that moment: '' is none (null); anything else
 * the input could not hold is sent as typed, for the server's message.
 */
export const startsAtFromInput = (local: string): string | null => {
  const text = local.trim();
  if (text === '') return null;
  const m = LOCAL.exec(text);
  if (!m) return text;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}`);
  return Number.isNaN(at.getTime()) ? text : `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${localOffset(at)}`;
};

/** The start time as the input shows it: the same instant in the browser's local time ('' for none). */
export const startsAtToInput = (startsAt: string | null | undefined): string => {
  if (!startsAt) return '';
  const at = new Date(startsAt);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

const shown = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Nov 28, 7:30 PM" in the reader's time zone. */
export const formatStartsAt = (startsAt: string): string => {
  const at = new Date(startsAt);
  return Number.isNaN(at.getTime()) ? startsAt : shown.format(at);
};
