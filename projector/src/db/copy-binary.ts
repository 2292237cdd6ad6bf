import type { PgType } from '@bt/read-models';
import { grown, type Out } from './copy-buffer';
import type { TableSpec } from './table-specs';

/*
 * Rows in COPY's binary format (as the event store's reads come: copy-decoder.ts), the same values
 * Postgres makes of the text format (copy-text.ts): a uuid's 16 bytes, a date's day number, an
 * instant's microseconds, a number as 4 or 8 bytes or numeric's base-10000 digits, a string's UTF-8
 * as it is (no escapes to undo). Postgres parses none of it: loading a rebuild's bets, analytics_daily
 * and analytics_monthly rows from a file took it 0.92 s rather than 1.6 s as text (COPY FROM a
 * file, 300k events' rows).
 *
 * A value whose binary form could differ from what Postgres makes of its text (a date Postgres
 * refuses, an instant given as text, any value of an unexpected type) is not written: the table's
 * rows then go as text, and Postgres refuses or takes them as it always did.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Bytes a chunk holds before the next one is started (one CopyData message, one write to the socket). */
const CHUNK_BYTES = 1 << 20;

/**
 * Chunk buffers written and sent before, to write the next table's rows into: a Buffer of 1 MB is
 * memory mapped for it and unmapped when collected, and a 300k-event rebuild's threads did that
 * thousands of times (page faults, and munmap's TLB shootdowns across the process' threads).
 */
const spare: Out[] = [];
/** Spare buffers kept at most (a table of a bucket takes a few; a flush of a fold in one group, more). */
const SPARE_BUFFERS = 32;

/** The chunks of a table's rows so far, and the one being filled. */
class Chunks {
  readonly full: Buffer[] = [];
  /** The CHUNK_BYTES buffers the chunks are written in, to be given back (`release`). */
  readonly taken: Out[] = [];
  buffer: Out;
  at = 0;

  constructor() {
    this.buffer = this.take();
  }

  private take(): Out {
    const buffer = spare.pop() ?? (Buffer.allocUnsafeSlow(CHUNK_BYTES) as Out);
    this.taken.push(buffer);
    return buffer;
  }

  /** Room for `bytes` more: a chunk twice as big (or more), with what it holds. */
  grow(bytes: number): Out {
    this.buffer = grown(this.buffer, this.at, bytes);
    return this.buffer;
  }

  /** Sets the chunk aside and starts the next. */
  next(): void {
    this.full.push(this.buffer.subarray(0, this.at));
    this.buffer = this.take();
    this.at = 0;
  }

  /** Every chunk, the last one's filled part included. */
  finish(): Buffer[] {
    this.full.push(this.buffer.subarray(0, this.at));
    return this.full;
  }

  /** Gives the buffers back for the next table's rows: once the chunks are sent, or not to be. */
  release(): void {
    for (const buffer of this.taken) if (spare.length < SPARE_BUFFERS) spare.push(buffer);
    this.taken.length = 0;
  }
}

const int32 = (out: Out, at: number, n: number): void => {
  out[at] = n >>> 24;
  out[at + 1] = (n >>> 16) & 255;
  out[at + 2] = (n >>> 8) & 255;
  out[at + 3] = n & 255;
};

const int16 = (out: Out, at: number, n: number): void => {
  out[at] = (n >>> 8) & 255;
  out[at + 1] = n & 255;
};

/** A hex digit's value, or -1. */
const hexOf = (code: number): number =>
  code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : code >= 65 && code <= 70 ? code - 55 : -1;

/** The last uuid written and its bytes: a table's rows come user by user, each naming its user. */
let lastUuid = '';
const lastUuidBytes = new Uint8Array(16);

/** A uuid's 16 bytes at `at` from its text (8-4-4-4-12 hex digits, either case); false: not that text. */
const writeUuid = (out: Out, at: number, text: string): boolean => {
  if (text === lastUuid) {
    for (let byte = 0; byte < 16; byte++) out[at + byte] = lastUuidBytes[byte];
    return true;
  }
  if (text.length !== 36) return false;
  let i = 0;
  for (let byte = 0; byte < 16; byte++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (text.charCodeAt(i) !== 45) return false;
      i++;
    }
    const high = hexOf(text.charCodeAt(i));
    const low = hexOf(text.charCodeAt(i + 1));
    if (high < 0 || low < 0) return false;
    out[at + byte] = (high << 4) | low;
    i += 2;
  }
  for (let byte = 0; byte < 16; byte++) lastUuidBytes[byte] = out[at + byte];
  lastUuid = text;
  return true;
};

/** Days from 1970-01-01 to 2000-01-01, where Postgres counts dates from. */
const PG_EPOCH_DAYS = 10_957;
const MS_PER_DAY = 86_400_000;
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Days of 'YYYY-MM-DD' dates already worked out (a history has few distinct ones), NaN for one Postgres refuses. */
const days = new Map<string, number>();

/** A 'YYYY-MM-DD' date as Postgres' day number; NaN unless its date input takes it as that day (year 0, 02-30...). */
const dayOf = (text: string): number => {
  let day = days.get(text);
  if (day === undefined) {
    const parts = DAY_TEXT.exec(text);
    day = Number.NaN;
    if (parts) {
      const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
      const time = Date.UTC(year, month - 1, date);
      const back = new Date(time);
      // Date.UTC takes years 0-99 as 1900-1999 and rolls 02-30 over: only a day it gives back is one.
      if (year >= 1 && back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date)
        day = time / MS_PER_DAY - PG_EPOCH_DAYS;
    }
    if (days.size >= 100_000) days.clear();
    days.set(text, day);
  }
  return day;
};

/** Milliseconds from the Unix epoch to Postgres' (2000-01-01), where timestamptz counts from. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

/** An instant (ms since 1970) as timestamptz's int64 microseconds since 2000, big-endian, exactly (past 2^53 µs). */
const writeInstant = (out: Out, at: number, ms: number): void => {
  const since = ms - PG_EPOCH_MS; // exact: |since| < 2^48
  const high = Math.floor(since / TWO_32);
  const low = (since - high * TWO_32) * 1000; // < 2^42: exact
  const carry = Math.floor(low / TWO_32);
  int32(out, at, high * 1000 + carry);
  int32(out, at + 4, low - carry * TWO_32);
};

const NUMERIC_NEG = 0x4000;

/**
 * numeric's binary form at `at` (length included) of base-10000 `groups` (most significant first,
 * the first at `weight`), the sign and the display scale; leading and trailing zero groups dropped.
 */
const writeGroups = (out: Out, at: number, groups: number[], weight: number, negative: boolean, dscale: number): number => {
  let first = 0;
  let last = groups.length - 1;
  while (first <= last && groups[first] === 0) {
    first++;
    weight--;
  }
  while (last >= first && groups[last] === 0) last--;
  const ndigits = last - first + 1;
  int32(out, at, 8 + 2 * ndigits);
  int16(out, at + 4, ndigits);
  int16(out, at + 6, ndigits === 0 ? 0 : weight);
  int16(out, at + 8, ndigits === 0 || !negative ? 0 : NUMERIC_NEG);
  int16(out, at + 10, dscale);
  let o = at + 12;
  for (let i = first; i <= last; i++, o += 2) int16(out, o, groups[i]);
  return o;
};

/**
 * numeric's binary form of `cents` hundredths (below 1e14): the whole part's base-10000 groups (three
 * at most) at weights 2 to 0, the hundredths as one group at weight -1, none of them in an array.
 */
const writeCents = (out: Out, at: number, cents: number, negative: boolean): number => {
  let whole = Math.floor(cents / 100);
  const hundredths = cents - whole * 100;
  const g2 = Math.floor(whole / 100_000_000);
  whole -= g2 * 100_000_000;
  const g1 = Math.floor(whole / 10_000);
  const g0 = whole - g1 * 10_000;
  const fraction = hundredths * 100;
  // The first and last groups that are not 0: leading and trailing zero groups are not written.
  const first = g2 !== 0 ? 0 : g1 !== 0 ? 1 : g0 !== 0 ? 2 : fraction !== 0 ? 3 : 4;
  const last = fraction !== 0 ? 3 : g0 !== 0 ? 2 : g1 !== 0 ? 1 : g2 !== 0 ? 0 : -1;
  const ndigits = last >= first ? last - first + 1 : 0;
  int32(out, at, 8 + 2 * ndigits);
  int16(out, at + 4, ndigits);
  int16(out, at + 6, ndigits === 0 ? 0 : 2 - first);
  int16(out, at + 8, ndigits === 0 || !negative ? 0 : NUMERIC_NEG);
  int16(out, at + 10, hundredths === 0 ? 0 : hundredths % 10 === 0 ? 1 : 2);
  let o = at + 12;
  for (let i = first; i <= last; i++, o += 2) int16(out, o, i === 0 ? g2 : i === 1 ? g1 : i === 2 ? g0 : fraction);
  return o;
};

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * A number as the numeric Postgres makes of String(value) (its digits and display scale): whole
 * numbers and whole cents (a running sum in dollars) from the number, anything else from its text.
 */
const writeNumeric = (out: Out, at: number, value: number): number => {
  const negative = value < 0;
  const size = Math.abs(value);
  if (size < 1e12) {
    const cents = Math.round(size * 100);
    // String() writes a number of at most 15 significant digits as its shortest decimal: that of `cents` hundredths.
    if (cents / 100 === size) return writeCents(out, at, cents, negative);
  }
  const parts = NUMBER_TEXT.exec(String(size))!; // finite (checked): digits, maybe a fraction, maybe an exponent
  const whole = parts[2];
  const fraction = parts[3] ?? '';
  const exponent = Number(parts[4] ?? 0);
  // The digits, the decimal point after `point` of them (maybe outside them), padded to whole groups.
  let digits = whole + fraction;
  let point = whole.length + exponent;
  let pad = (((4 - (point % 4)) % 4) + 4) % 4;
  if (point + pad < 0) pad += 4 * Math.ceil(-(point + pad) / 4);
  digits = '0'.repeat(pad) + digits;
  point += pad;
  if (digits.length < point) digits += '0'.repeat(point - digits.length);
  if (digits.length % 4 !== 0) digits += '0'.repeat(4 - (digits.length % 4));
  const groups: number[] = [];
  for (let i = 0; i < digits.length; i += 4) groups.push(Number(digits.slice(i, i + 4)));
  return writeGroups(out, at, groups, point / 4 - 1, negative, Math.max(0, fraction.length - exponent));
};

/** One table's row written at the chunk's end; false: a value it does not write (the table goes as text). */
type WriteRow = (row: object, chunks: Chunks) => boolean;

/** Room asked for a value that is not a string: a numeric of a double's digits (at most 80 groups), and the rest. */
const SMALL = 192;

const room = (bytes: string) => `if (at + ${bytes} > out.length) { chunks.at = at; out = chunks.grow(${bytes}); }`;

/** The statements writing a column's value `v` (not null) at `at` of `out`, or answering false. */
const fieldOf = (type: PgType): string => {
  switch (type) {
    case 'integer':
      return `if (typeof v !== 'number' || !Number.isInteger(v) || v < -2147483648 || v > 2147483647) return false;
        ${room('8')} int32(out, at, 4); int32(out, at + 4, v); at += 8;`;
    case 'double precision':
      // -0 as 0: the text of -0 is "0".
      return `if (typeof v !== 'number') return false;
        ${room('12')} int32(out, at, 8); out.writeDoubleBE(v === 0 ? 0 : v, at + 4); at += 12;`;
    case 'numeric':
      return `if (typeof v !== 'number' || !Number.isFinite(v)) return false;
        ${room('SMALL')} at = writeNumeric(out, at, v);`;
    case 'boolean':
      return `if (typeof v !== 'boolean') return false;
        ${room('5')} int32(out, at, 1); out[at + 4] = v ? 1 : 0; at += 5;`;
    case 'uuid':
      return `if (typeof v !== 'string') return false;
        ${room('20')} if (!writeUuid(out, at + 4, v)) return false; int32(out, at, 16); at += 20;`;
    case 'date':
      return `if (typeof v !== 'string' || (n = dayOf(v)) !== n) return false;
        ${room('8')} int32(out, at, 4); int32(out, at + 4, n); at += 8;`;
    case 'timestamptz':
      return `if (!(v instanceof Date) || (n = v.getTime()) !== n) return false;
        ${room('12')} int32(out, at, 8); writeInstant(out, at + 4, n); at += 12;`;
    case 'text':
      // A NUL: Postgres refuses it in text; let it refuse it there.
      return `if (typeof v !== 'string' || v.indexOf('\\0') >= 0) return false;
        ${room('4 + 3 * v.length')} n = out.utf8Write(v, at + 4); int32(out, at, n); at += 4 + n;`;
    case 'jsonb':
      // jsonb's binary input: a version byte (1), then the JSON text.
      return `if ((s = JSON.stringify(v)) === undefined) return false;
        ${room('5 + 3 * s.length')} out[at + 4] = 1; n = out.utf8Write(s, at + 5); int32(out, at, n + 1); at += 5 + n;`;
    default:
      return 'return false;';
  }
};

const writers = new WeakMap<TableSpec, WriteRow>();

/** A table's row writer: its field count, then one statement per column in the declaration's order. */
const writerOf = (spec: TableSpec): WriteRow => {
  let write = writers.get(spec);
  if (!write) {
    const fields = spec.columns.map(
      ([name, type]) => `v = row[${JSON.stringify(name)}];
        if (v === null || v === undefined) { ${room('4')} int32(out, at, -1); at += 4; }
        else { ${fieldOf(type)} }`,
    );
    write = new Function(
      'int32',
      'writeUuid',
      'dayOf',
      'writeInstant',
      'writeNumeric',
      'SMALL',
      `return (row, chunks) => {
        let out = chunks.buffer, at = chunks.at, v, n, s;
        ${room('2')}
        out[at] = ${spec.columns.length >>> 8}; out[at + 1] = ${spec.columns.length & 255}; at += 2;
        ${fields.join('\n')}
        chunks.at = at;
        return true;
      };`,
    )(int32, writeUuid, dayOf, writeInstant, writeNumeric, SMALL) as WriteRow;
    writers.set(spec, write);
  }
  return write;
};

/**
 * The rows in COPY's binary format (header, rows, trailer), in chunks of about CHUNK_BYTES, and what
 * gives their buffers back once they are sent (they are then written over); undefined when one of
 * the rows holds a value it does not write (send them as text: copy-text.ts).
 */
export const binaryCopy = (spec: TableSpec, rows: readonly object[]): { chunks: Buffer[]; release: () => void } | undefined => {
  const write = writerOf(spec);
  const chunks = new Chunks();
  SIGNATURE.copy(chunks.buffer, 0);
  chunks.buffer.fill(0, 11, 19); // flags, header extension length
  chunks.at = 19;
  for (const row of rows) {
    if (!write(row, chunks)) {
      chunks.release();
      return undefined;
    }
    if (chunks.at >= CHUNK_BYTES - 4096) chunks.next();
  }
  if (chunks.at + 2 > chunks.buffer.length) chunks.grow(2);
  int16(chunks.buffer, chunks.at, 0xffff); // the trailer: -1
  chunks.at += 2;
  return { chunks: chunks.finish(), release: () => chunks.release() };
};
