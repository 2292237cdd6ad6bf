import { type PgType, type TableName } from '@bt/read-models';
import { SPECS } from './table-specs';

/*
 * What Postgres would refuse, checked before anything is sent: one user's unstorable row (a NUL in
 * a text, a date past year 9999, a count past int4, a missing value) must not fail a batch, a
 * COPY or a rebuild that also carries everyone else's rows. The projector sets that user aside.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** NUL (no Postgres text holds it) or a UTF-16 surrogate without its pair (jsonb refuses it; text would store U+FFFD). */
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Money stays within what integer cents hold exactly. */
const MAX_MONEY = Number.MAX_SAFE_INTEGER / 100;
const MIN_INSTANT = Date.UTC(1, 0, 1);
const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Any NUL or surrogate at all: the cheap test almost every text passes, before the exact one. */
const SUSPECT_TEXT = /[\u0000\ud800-\udfff]/;

/** True for a string Postgres can store as text and inside jsonb. */
const isStorableText = (value: unknown): value is string =>
  typeof value === 'string' && (!SUSPECT_TEXT.test(value) || !UNSTORABLE_TEXT.test(value));

/** Days already found valid: a history has few distinct ones, and each row names one. */
const validDays = new Set<string>();
const isStorableDay = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  if (validDays.has(value)) return true;
  if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return false;
  if (validDays.size >= 100_000) validDays.clear();
  validDays.add(value);
  return true;
};

const isStorableJson = (value: unknown, depth = 0): boolean => {
  if (depth > 32) return false;
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every((v) => isStorableJson(v, depth + 1));
  if (typeof value === 'object') {
    return Object.entries(value as object).every(([k, v]) => isStorableText(k) && (v === undefined || isStorableJson(v, depth + 1)));
  }
  return false;
};

/** The last UUID found valid: every row of a user names them, and rows are checked a user at a time. */
let validUuid: string | undefined;
const isStorableUuid = (value: unknown): boolean => {
  if (value === validUuid) return true;
  if (typeof value !== 'string' || !UUID.test(value)) return false;
  validUuid = value;
  return true;
};

/** Per Postgres type, whether a value (not null) can be stored as it. */
const STORABLE: Record<PgType, (value: unknown) => boolean> = {
  uuid: isStorableUuid,
  text: isStorableText,
  date: isStorableDay,
  timestamptz: (value) => {
    const t = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
    return t >= MIN_INSTANT && t <= MAX_INSTANT;
  },
  numeric: (value) => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_MONEY,
  'double precision': (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647,
  boolean: (value) => typeof value === 'boolean',
  jsonb: (value) => isStorableJson(value),
  bytea: (value) => value instanceof Uint8Array,
};

const isStorable = (value: unknown, type: PgType): boolean => STORABLE[type](value);

/** Why Postgres would refuse this row of `table` (as a new or changed row), or undefined when it would not. */
export const unstorable = (table: TableName, row: object): string | undefined => CHECKS[table](row);

/**
 * Each table's check of a row: one statement per column, in the declaration's order (a loop over
 * the columns reading each by name sees every table's rows: over a quarter of a rebuild's take).
 */
const CHECKS = Object.fromEntries(
  Object.entries(SPECS).map(([table, spec]) => {
    const statements = spec.columns.map(([name, type]) => {
      const [quoted, missing, refused] = [name, `${table}.${name} has no value`, `${table}.${name} cannot be stored as ${type}`].map(
        (text) => JSON.stringify(text),
      );
      const absent = spec.nullable.has(name) ? '' : `return ${missing};`;
      const storable = `storable[${JSON.stringify(type)}]`;
      return `v = row[${quoted}]; if (v === null || v === undefined) { ${absent} } else if (!${storable}(v)) return ${refused};`;
    });
    const check = new Function('storable', `return (row) => { let v; ${statements.join(' ')} return undefined; };`)(STORABLE);
    return [table, check as (row: object) => string | undefined];
  }),
) as unknown as Record<TableName, (row: object) => string | undefined>;

/** Why Postgres would refuse this key of a row to delete from `table`, or undefined. */
export const unstorableKey = (table: TableName, key: object): string | undefined => {
  const spec = SPECS[table];
  const values = key as Record<string, unknown>;
  for (const [name, type] of spec.columns) {
    if (spec.key.includes(name) && !isStorable(values[name], type)) return `${table}.${name} cannot be stored as ${type}`;
  }
  return undefined;
};
