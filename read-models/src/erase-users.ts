import { sql, type Kysely } from 'kysely';
import { TABLES, type Database } from './database';
import type { Column } from './columns';

/** The tables beside the read models that hold a user's rows (snapshots, holds), by their user column. */
const BESIDE = ['user_snapshots', 'snapshot_marks', 'snapshot_streams', 'import_holds'] as const;

const userRowsLock = (userId: string) => sql`hashtext(${'bt-user-rows:' + userId})`;

/**
 * Taken by an import's release for the transaction that folds and writes a user's rows: an erasure
 * of that user waits for it to commit, then deletes what it wrote (without it, the erasure's deletes
 * could run beside the release's uncommitted inserts and leave them standing).
 */
export async function lockUserRows(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${userRowsLock(userId)})`.execute(db);
}

/**
 * Deletes every row of these users in `schema`: each read model's (by its table's `owner`), the
 * failure that set one aside, their snapshots and marks, and an import's hold. What the projector
 * does on an AccountDeleted (DESIGN "Deleting an account"), in the transaction of its batch.
 */
export async function eraseUsers(db: Kysely<Database>, schema: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...userIds].sort();
  for (const id of ids) await sql`select pg_advisory_xact_lock(${userRowsLock(id)})`.execute(db);
  const owned: [string, string, string][] = Object.entries(TABLES).map(([name, declaration]) => {
    const owner = declaration.owner as string;
    const type = (declaration.columns as Record<string, Column>)[owner].type === 'uuid' ? 'uuid' : 'text';
    return [name, owner, type];
  });
  for (const name of BESIDE) owned.push([name, 'user_id', 'uuid']);
  for (const [name, owner, type] of owned) {
    await sql`delete from ${sql.id(schema, name)} where ${sql.id(owner)} = any(${ids}::${sql.raw(type)}[])`.execute(db);
  }
}
