import type { PgType } from '@bt/read-models';
import { grown, type Out } from './copy-buffer';
import type { TableSpec } from './table-specs';

/*
 * Rows as COPY's text format, written straight into Buffers: no string per row or per chunk (a
 * string built field by field, then copied into a Buffer, allocated 1.5 GB per 300k events of a
 * rebuild, a quarter of all it allocated). Every value is the same text as before:
 * strings as UTF-8 with backslash, newline, carriage return and tab escaped; numbers as String() gives
 * them (integers written digit by digit); booleans as true/false; NULL as \N.
 */

/** Bytes a chunk holds before it is handed on (one CopyData message, one write to the socket). */
const CHUNK_BYTES = 1 << 20;

/** COPY text format: backslash, newline, carriage return and tab are escaped; NULL is \N. */
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIALS = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyEscape = (text: string): string => (COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]) : text);

/** Where a table's rows are being written: the chunk, and how far it is filled. */
class Chunk {
  buffer: Out;
  at = 0;

  /** `bytes`: what the rows are expected to take (a few rows: a small chunk). */
  constructor(private readonly bytes: number) {
    this.buffer = Buffer.allocUnsafe(bytes) as Out;
  }

  /** Room for `bytes` more: a chunk twice as big (or more), with what it holds. */
  grow(bytes: number): Out {
    this.buffer = grown(this.buffer, this.at, bytes);
    return this.buffer;
  }

  /** What is written so far, and a new chunk to go on in. */
  take(): Buffer {
    const full = this.buffer.subarray(0, this.at);
    this.buffer = Buffer.allocUnsafe(this.bytes) as Out;
    this.at = 0;
    return full;
  }
}

/** Integers written digit by digit up to here; others (fractions, exponents) as String() writes them. */
const DIGITS_UP_TO = 1e15;

/** A number's text at `at` (as String(value)); answers where it ends. Room for 32 bytes is the caller's. */
const writeNumber = (out: Out, at: number, value: number): number => {
  if (!Number.isInteger(value) || value <= -DIGITS_UP_TO || value >= DIGITS_UP_TO) return at + out.utf8Write(String(value), at);
  if (value < 0) {
    out[at++] = 45; // '-'
    value = -value;
  }
  if (value < 10) {
    out[at] = 48 + value;
    return at + 1;
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  const end = at + digits;
  for (let i = end - 1; i >= at; i--) {
    const next = Math.floor(value / 10);
    out[i] = 48 + (value - 10 * next);
    value = next;
  }
  return end;
};

/** Two digits of `n` (0-99) at `at`. */
const two = (out: Out, at: number, n: number): void => {
  const tens = (n / 10) | 0;
  out[at] = 48 + tens;
  out[at + 1] = 48 + n - 10 * tens;
};

/** The last instant toISOString writes as YYYY-MM-DDTHH:mm:ss.sssZ: the end of year 9999. */
const LAST_PLAIN_ISO = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A Date as toISOString writes it, without the string (24 bytes; room for them is the caller's):
 * the civil date of its day (H. Hinnant's days-to-civil), then the time of day. Before 1970 and
 * after 9999, and an invalid Date (toISOString throws), as toISOString writes it.
 */
const writeInstant = (out: Out, at: number, date: Date): number => {
  const ms = date.getTime();
  if (!(ms >= 0 && ms <= LAST_PLAIN_ISO)) return at + out.utf8Write(date.toISOString(), at);
  const days = Math.floor(ms / 86_400_000);
  let inDay = ms - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  two(out, at, Math.floor(year / 100));
  two(out, at + 2, year % 100);
  out[at + 4] = 45; // -
  two(out, at + 5, month);
  out[at + 7] = 45;
  two(out, at + 8, day);
  out[at + 10] = 84; // T
  const hours = Math.floor(inDay / 3_600_000);
  inDay -= hours * 3_600_000;
  const minutes = Math.floor(inDay / 60_000);
  inDay -= minutes * 60_000;
  const seconds = Math.floor(inDay / 1000);
  const millis = inDay - seconds * 1000;
  two(out, at + 11, hours);
  out[at + 13] = 58; // :
  two(out, at + 14, minutes);
  out[at + 16] = 58;
  two(out, at + 17, seconds);
  out[at + 19] = 46; // .
  out[at + 20] = 48 + Math.floor(millis / 100);
  two(out, at + 21, millis % 100);
  out[at + 23] = 90; // Z
  return at + 24;
};

/** One table's row written at the chunk's end (fields, tabs, newline), compiled once per table. */
type WriteRow = (row: object, chunk: Chunk) => void;

/** Room asked for a value that is not a string (a number's text is at most 25 bytes; true/false, \N). */
const SMALL = 32;

const writers = new WeakMap<TableSpec, WriteRow>();

/**
 * A table's row writer: one statement per column in the declaration's order (as writer.ts' lines
 * were). Strings are sized before they are written (UTF-8 takes at most 3 bytes per UTF-16 unit).
 * Numbers, booleans, uuids and dates are checked storable before (storable.ts): they need no escaping.
 */
const writerOf = (spec: TableSpec): WriteRow => {
  let write = writers.get(spec);
  if (!write) {
    const fields = spec.columns.map(([name, type], i) => {
      const value = `v = row[${JSON.stringify(name)}];`;
      const last = i === spec.columns.length - 1 ? 10 : 9; // newline after the last field, else a tab
      return `${value}
        if (v === null || v === undefined) {
          if (at + 3 > out.length) { chunk.at = at; out = chunk.grow(3); }
          out[at++] = 92; out[at++] = 78;
        } else {
          ${fieldOf(type)}
        }
        out[at++] = ${last};`;
    });
    write = new Function(
      'writeNumber',
      'writeInstant',
      'copyEscape',
      'SMALL',
      `return (row, chunk) => {
        let out = chunk.buffer, at = chunk.at, v, s;
        ${fields.join('\n')}
        chunk.at = at;
      };`,
    )(writeNumber, writeInstant, copyEscape, SMALL) as WriteRow;
    writers.set(spec, write);
  }
  return write;
};

/** The statements writing a column's value `v` (not null) at `at` of `out`, leaving room for the tab after it. */
const fieldOf = (type: PgType): string => {
  const string = (text: string) => `s = ${text};
    if (at + 3 * s.length + 1 > out.length) { chunk.at = at; out = chunk.grow(3 * s.length + 1); }
    at += out.utf8Write(s, at);`;
  switch (type) {
    case 'integer':
    case 'numeric':
    case 'double precision':
      return `if (typeof v === 'number') {
          if (at + SMALL > out.length) { chunk.at = at; out = chunk.grow(SMALL); }
          at = writeNumber(out, at, v);
        } else { ${string("'' + v")} }`;
    case 'boolean':
      return `if (at + SMALL > out.length) { chunk.at = at; out = chunk.grow(SMALL); }
        if (v === true) { out[at++] = 116; out[at++] = 114; out[at++] = 117; out[at++] = 101; }
        else if (v === false) { out[at++] = 102; out[at++] = 97; out[at++] = 108; out[at++] = 115; out[at++] = 101; }
        else { ${string("'' + v")} }`;
    case 'text':
      return string('copyEscape(v)');
    case 'jsonb':
      return string('copyEscape(JSON.stringify(v))');
    case 'timestamptz':
      return `if (v instanceof Date) {
          if (at + SMALL > out.length) { chunk.at = at; out = chunk.grow(SMALL); }
          at = writeInstant(out, at, v);
        } else { ${string('copyEscape(String(v))')} }`;
    default: // uuid, date: storable (checked) text needs no escaping
      return string("'' + v");
  }
};

/** The rows as COPY text, about CHUNK_BYTES at a time. */
export function* copyChunks(spec: TableSpec, rows: readonly object[]): Generator<Buffer> {
  const write = writerOf(spec);
  const chunk = new Chunk(Math.min(CHUNK_BYTES, 256 * rows.length));
  for (const row of rows) {
    write(row, chunk);
    if (chunk.at >= CHUNK_BYTES - 4096) yield chunk.take();
  }
  if (chunk.at > 0) yield chunk.buffer.subarray(0, chunk.at);
}
