import { sql, type Kysely } from 'kysely';
import type { HoldChange } from '../engine/projection-engine';
import { HOLDS_CHANNEL, type Database } from '@bt/read-models';

/**
 * `import_holds` (DESIGN "Imports"): a user is held from their ImportStarted until a release has
 * folded their events after it, once the import ended. The projector writes which import is open
 * (`import_id`, `open`); the release writes how far the user is folded (`resume_after`,
 * `started_before`) and ends the hold: neither overwrites the other's columns.
 */
export async function writeHoldChanges(db: Kysely<Database>, schema: string, changes: readonly HoldChange[]): Promise<void> {
  const table = sql.id(schema, 'import_holds');
  for (const change of changes) {
    if (change.kind === 'start') {
      await sql`insert into ${table} (user_id, import_id, open, resume_after, started_before)
        values (${change.userId}, ${change.importId}, true, ${change.position}, ${change.importId})
        on conflict (user_id) do update set import_id = excluded.import_id, open = true`.execute(db);
    } else {
      await sql`update ${table} set open = false where user_id = ${change.userId} and import_id = ${change.importId}`.execute(db);
    }
  }
  if (changes.length > 0) await notifyHolds(db);
}

/** The users an import holds. */
export async function readHeldUsers(db: Kysely<Database>, schema: string): Promise<string[]> {
  const rows = await db.withSchema(schema).selectFrom('import_holds').select('user_id').execute();
  return rows.map((r) => r.user_id);
}

/**
 * The held users due a release: every import of theirs ended, or one ended and another started
 * since (their events up to the newer one's start can be folded).
 */
export async function readReleasableUsers(db: Kysely<Database>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`select user_id::text from ${sql.id(schema, 'import_holds')}
    where not open or started_before is distinct from import_id order by user_id`.execute(db);
  return rows.map((r) => r.user_id);
}

/** True when a release has something to fold for this hold (see readReleasableUsers). */
export const releasable = (hold: Database['import_holds']): boolean => !hold.open || hold.started_before !== hold.import_id;

/** Tells LISTENers (query-api) that the set of held users changed; delivered on commit. */
export async function notifyHolds(db: Kysely<Database>): Promise<void> {
  await sql`select pg_notify(${HOLDS_CHANNEL}, '')`.execute(db);
}
