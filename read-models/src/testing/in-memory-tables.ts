import { TABLES, type TableName } from '../database';
import { LOADED, newUserState, takeUserChanges } from '../fold/fold';
import { emptyChanges } from '../fold/rows';
import type { UserState } from '../fold/state';

/** Read-model tables held in memory, row by key, for property tests of the live projection. */
export type Tables = Map<TableName, Map<string, object>>;

const keyOf = (table: TableName, row: object): string =>
  TABLES[table].key.map((column) => String((row as Record<string, unknown>)[column])).join('|');

/** Files a take into in-memory tables as Postgres would, refusing what Postgres would refuse. */
export const write = (tables: Tables, state: UserState): void => {
  const changes = emptyChanges();
  takeUserChanges(state, changes);
  for (const table of Object.keys(changes) as TableName[]) {
    const rows = tables.get(table) ?? new Map<string, object>();
    tables.set(table, rows);
    const { inserts, upserts, deletes } = changes[table];
    for (const row of inserts) {
      const key = keyOf(table, row);
      if (rows.has(key)) throw new Error(`${table}: insert of a row the table holds (${key})`);
      rows.set(key, structuredClone(row));
    }
    for (const row of upserts) rows.set(keyOf(table, row), structuredClone(row));
    for (const key of deletes) {
      if (!rows.delete(keyOf(table, key))) throw new Error(`${table}: delete of a row the table does not hold`);
    }
  }
};

const revive = (key: string, value: unknown) =>
  (key === 'created_at' || key === 'updated_at' || key === 'recorded_at') && typeof value === 'string' ? new Date(value) : value;

/** A restart: the user's state loaded from the tables, as loadUserStates does (jsonb hands keys back reordered). */
export const reload = (tables: Tables, userId: string): UserState => {
  const state = newUserState(userId);
  for (const { table, load } of LOADED) {
    for (const row of tables.get(table)?.values() ?? []) load(state, JSON.parse(JSON.stringify(row), revive));
  }
  return state;
};

/** A table's rows in key order, each beside its key. */
export const sorted = (table: TableName, rows: Iterable<object>) =>
  [...rows].map((row) => [keyOf(table, row), row] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
