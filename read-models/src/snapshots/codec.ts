import { deserialize, serialize } from 'node:v8';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { newUserState } from '../fold/fold';
import { KeyedRows, OneRow } from '../fold/row-sets';
import type { UserState } from '../fold/state';

/**
 * A user's folded state as bytes, and back: every row set's rows (money in integer cents, as the
 * state holds them) and its `stale` mark, by the state's own field names, each gzipped on its own. The marks of
 * what was written to the tables are not kept: a snapshot is only ever folded on in memory (an
 * asOf replay), never taken into the tables. `userStreams` is not kept either (a 100,000-bet user
 * has 100,000 of them): a replay from a snapshot notes only the streams of the events after it.
 *
 * Tables of many rows go by column (measured on a 20,000-bet user: v8.serialize of the row
 * objects is 18 MB and ~250 ms to read back, most of an asOf budget): numbers and instants as
 * Float64Arrays, every other column as its distinct values and the smallest typed array of indexes
 * that fits (a sport, an outcome, a date repeat; a bet's id does not, and costs what it costs), a
 * column of one value in every row as that value, and a column equal to the row's key (a bet's id)
 * as nothing. Reading builds each row with a constructor of the table's own shape, when the replay
 * first reads it. The reader still reads the first layout (every index a Uint32Array, no 'same' or
 * 'key' columns): snapshots taken before stay usable, so this is no PROJECTION_VERSION change.
 */
type Column =
  | ['number', Float64Array | Int32Array]
  | ['date', Float64Array]
  | ['values', unknown[], Uint8Array | Uint16Array | Uint32Array]
  | ['same', unknown]
  | ['key'];
type Part =
  | ['columns', string[], string[], Column[], boolean]
  | ['keyed', [string, unknown][], boolean]
  | ['one', unknown, boolean]
  | ['value', unknown];

const sameShape = (rows: readonly Record<string, unknown>[], columns: readonly string[]): boolean =>
  rows.every((row) => {
    const keys = Object.keys(row);
    return keys.length === columns.length && keys.every((key, i) => key === columns[i]);
  });

const encodeColumn = (values: readonly unknown[], keys: readonly string[]): Column => {
  // A bet's id is its row's key too: kept once.
  if (values.every((v, i) => v === keys[i])) return ['key'];
  // Whole numbers as Int32Array: read back as small integers, the representation a fold gives them
  // (read as doubles, every row's shape would be migrated by V8 on its first change: 10x slower folds).
  if (values.every((v) => typeof v === 'number' && (v | 0) === v && !Object.is(v, -0)))
    return ['number', Int32Array.from(values as number[])];
  if (values.every((v) => typeof v === 'number')) return ['number', Float64Array.from(values as number[])];
  if (values.every((v) => v instanceof Date)) return ['date', Float64Array.from(values as Date[], (d) => d.getTime())];
  const distinct: unknown[] = [];
  const index = new Map<unknown, number>();
  const indexes = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    // Objects (a bet's tags) by their JSON: equal ones share one copy, as they would after a load.
    const key = value !== null && typeof value === 'object' ? `\u0000${JSON.stringify(value)}` : value;
    let at = index.get(key);
    if (at === undefined) {
      at = distinct.push(value) - 1;
      index.set(key, at);
    }
    indexes[i] = at;
  }
  // Most of a bet's columns hold one value in every row (no book, no tags): no index at all. The
  // others by the smallest index that fits (a sport, an outcome: one byte a row, not four).
  if (distinct.length === 1) return ['same', distinct[0]];
  if (distinct.length <= 0x100) return ['values', distinct, Uint8Array.from(indexes)];
  if (distinct.length <= 0x10000) return ['values', distinct, Uint16Array.from(indexes)];
  return ['values', distinct, indexes];
};

const encodeRows = (rows: Map<string, unknown>, stale: boolean): Part => {
  const list = [...rows.values()] as Record<string, unknown>[];
  const columns = list.length > 0 ? Object.keys(list[0]) : [];
  if (list.length === 0 || !sameShape(list, columns)) return ['keyed', [...rows], stale];
  const keys = [...rows.keys()];
  return [
    'columns',
    keys,
    columns,
    columns.map((c) =>
      encodeColumn(
        list.map((row) => row[c]),
        keys,
      ),
    ),
    stale,
  ];
};

/** Copies of a distinct array or object value: each row owns its own, as when folded. */
const copy = (value: unknown): unknown =>
  Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object') ? value.slice() : structuredClone(value);

/**
 * How the rows of a table are built from its columns, one generated function: row `i` is one object
 * literal of the table's shape (what a fold builds), each value read straight from its array.
 */
const rowBuilder = (keys: readonly string[], columns: readonly string[], values: readonly Column[]): ((i: number) => never) => {
  const args: unknown[] = [];
  const params: string[] = [];
  const isObject = (v: unknown) => v !== null && typeof v === 'object';
  const fields = columns.map((name, n) => {
    const column = values[n];
    const data = `c${n}`;
    const field = (value: string) => `${JSON.stringify(name)}: ${value}`;
    if (column[0] === 'key') return field('keys[i]');
    args.push(column[1]);
    params.push(data);
    if (column[0] === 'number') return field(`${data}[i]`);
    if (column[0] === 'date') return field(`new Date(${data}[i])`);
    if (column[0] === 'same') return field(isObject(column[1]) ? `copy(${data})` : data);
    args.push(column[2]);
    params.push(`x${n}`);
    return field(column[1].some(isObject) ? `copy(${data}[x${n}[i]])` : `${data}[x${n}[i]]`);
  });
  // Column names only ever appear quoted by JSON.stringify (string literals), whatever the bytes hold.
  const build = new Function('copy', 'keys', ...params, `return (i) => ({${fields.join(', ')}});`) as (
    ...args: unknown[]
  ) => (i: number) => never;
  return build(copy, keys, ...args);
};

export const encodeState = (state: UserState): Buffer => {
  const parts: Record<string, Buffer> = {};
  for (const [name, value] of Object.entries(state)) {
    // Not kept: the id, the stream list (see Snapshots), the event's changes, and what is derived
    // from the rows (streakRuns, goalCents: each builds itself from the rows when first needed).
    if (name === 'userId' || name === 'userStreams' || name === 'betChanges' || name === 'streakRuns' || name === 'goalCents') continue;
    const part: Part =
      value instanceof KeyedRows
        ? encodeRows(value.rows as Map<string, unknown>, value.stale)
        : value instanceof OneRow
          ? ['one', value.row, value.stale]
          : ['value', value];
    // Each part compressed on its own, so a replay of some read models reads only theirs (stats
    // skip the analytics, a third of a large history's bytes). Level 1: a snapshot is written
    // while the projector folds; higher levels save little more for far more time.
    parts[name] = gzipSync(serialize(part), { level: constants.Z_BEST_SPEED });
  }
  return serialize(parts);
};

/**
 * The state a snapshot holds, for `userId`, ready to fold the events after it. `only`: the parts to
 * read (a replay of some read models, see readModelsFor); the others are left as a new state has them.
 */
export const decodeState = (userId: string, bytes: Uint8Array, only?: readonly string[]): UserState => {
  const parts = deserialize(bytes) as Record<string, Uint8Array>;
  const state = newUserState(userId);
  const fields = state as unknown as Record<string, unknown>;
  for (const [name, bytesOfPart] of Object.entries(parts)) {
    if (only && !only.includes(name)) continue;
    const part = deserialize(gunzipSync(bytesOfPart)) as Part;
    const target = fields[name];
    if ((part[0] === 'columns' || part[0] === 'keyed') && target instanceof KeyedRows) {
      if (part[0] === 'keyed') {
        const rows = target.rows as Map<string, unknown>;
        for (const [key, row] of part[1]) rows.set(key, row);
      } else {
        // Each row built when first read: a replay after the snapshot reads a few of 100,000 bets.
        const [, keys, columns, values] = part;
        target.hold(keys, rowBuilder(keys, columns, values));
      }
      target.stale = part[part.length - 1] as boolean;
    } else if (part[0] === 'one' && target instanceof OneRow) {
      target.row = part[1] as never;
      target.stale = part[2];
    } else if (part[0] === 'value') {
      fields[name] = part[1];
    } else {
      throw new Error(`A snapshot's ${name} does not fit this projection code (${part[0]})`);
    }
  }
  return state;
};
