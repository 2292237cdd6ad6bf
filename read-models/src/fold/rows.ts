import type { RecordedEvent } from '@bt/event-store';
import { TABLES, type TableName, type TableRows } from '../database';

/** Per table: new rows (plain inserts), changed rows (upserts), keys of rows to delete. */
export type RowChanges = {
  [T in TableName]: { inserts: TableRows[T][]; upserts: TableRows[T][]; deletes: Partial<TableRows[T]>[] };
};

export const emptyChanges = (): RowChanges => {
  const changes: Record<string, RowChanges[TableName]> = {};
  for (const table of Object.keys(TABLES)) changes[table] = { inserts: [], upserts: [], deletes: [] };
  return changes as RowChanges;
};

/** One user's changes, with the event to name if Postgres refuses them (their last one in the batch). */
export interface UserChanges {
  userId: string;
  changes: RowChanges;
  lastEvent: RecordedEvent;
}

/** Every user's changes, and the rest (failure rows, streams of set-aside users), as the engine hands them over. */
export interface TakenChanges {
  users: UserChanges[];
  rest: RowChanges;
}

/** One RowChanges holding all of `list`, in order. */
export const mergeChanges = (list: readonly RowChanges[]): RowChanges => {
  const merged = emptyChanges();
  for (const changes of list) {
    for (const table of Object.keys(merged) as TableName[]) {
      const from = changes[table] as RowChanges[TableName];
      const to = merged[table] as RowChanges[TableName];
      for (const row of from.inserts) (to.inserts as object[]).push(row);
      for (const row of from.upserts) (to.upserts as object[]).push(row);
      for (const key of from.deletes) (to.deletes as object[]).push(key);
    }
  }
  return merged;
};

export const changeCount = (changes: RowChanges): number =>
  Object.values(changes).reduce((n, t) => n + t.inserts.length + t.upserts.length + t.deletes.length, 0);
