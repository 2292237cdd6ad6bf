import { sql, type Kysely } from 'kysely';
import { TABLES, type Database } from './database';
import type { Column } from './columns';

/** The tables beside the read models that hold a user's rows (snapshots, holds), by their user column. */
const BESIDE = ['user_snapshots', 'snapshot_marks', 'snapshot_streams', 'import_holds'] as const;

/**
 * Deletes every row of these users in `schema`: each read model's (by its table's `owner`), the
 * failure that set one aside, their snapshots and marks, and an import's hold. What the projector
 * does on an AccountDeleted (DESIGN "Deleting an account"), in the transaction of its batch.
 */
export async function eraseUsers(db: Kysely<Database>, schema: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...userIds];
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
