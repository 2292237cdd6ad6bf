import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { compareLogPositions, EVENT_SCHEMA_VERSION, MESSAGES, streams, type EventData } from '@bt/contracts';
import { readImportLog, type ImportLog } from '../shared/import-log';
import { WrongExpectedRevision, type EventMetadata, type EventStore } from '@bt/event-store';
import { ConflictError, RetryLaterError } from '@bt/platform';
import { READ_SCHEMA } from '@bt/read-models';
import type { CommandDatabase } from '../db/schema';

/** Imports one process runs at once by default (IMPORTS_AT_ONCE). */
export const DEFAULT_IMPORTS_AT_ONCE = 2;

/** First key of the advisory locks an import holds on its user (the second: hashtext of the user id). */
const LOCK_SPACE = 0x62745f69; // "bt_i"

/** One import's hold on its user: released once it ended, whatever the outcome. */
export interface ImportSlot {
  release(): Promise<void>;
}

/**
 * One import at a time per user, across processes (a session advisory lock on the user, held by a
 * connection of the import's own: if the process dies, Postgres lets go of it), and at most
 * `atOnce` in this process.
 */
export interface ImportSlots {
  /** The user's slot, or 409 (another import of theirs runs) / 429 (as many as allowed run). */
  acquire(userId: string): Promise<ImportSlot>;
}

export const createImportSlots = (pool: pg.Pool, atOnce = DEFAULT_IMPORTS_AT_ONCE): ImportSlots => {
  const running = new Set<string>();
  return {
    async acquire(userId) {
      if (running.has(userId)) throw new ConflictError(MESSAGES.importRunning);
      if (running.size >= atOnce) throw new RetryLaterError(429, 30, MESSAGES.importsBusy);
      running.add(userId);
      let client: pg.PoolClient | undefined;
      try {
        client = await pool.connect();
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::int, hashtext($2)) as locked', [
          LOCK_SPACE,
          userId,
        ]);
        if (!rows[0].locked) throw new ConflictError(MESSAGES.importRunning);
      } catch (error) {
        client?.release();
        running.delete(userId);
        throw error;
      }
      const held = client;
      return {
        async release() {
          running.delete(userId);
          try {
            await held.query('select pg_advisory_unlock($1::int, hashtext($2))', [LOCK_SPACE, userId]);
            held.release();
          } catch (error) {
            held.release(error as Error); // not reused: it may still hold the lock
          }
        },
      };
    },
  };
};

/** The Postgres side of running imports (`command.imports`): what the sweeper looks at. */
export const runningImports = (db: Kysely<CommandDatabase>) => ({
  add: (importId: string, userId: string) =>
    sql`insert into command.imports (import_id, user_id) values (${importId}, ${userId}) on conflict do nothing`.execute(db),
  remove: (importId: string) => sql`delete from command.imports where import_id = ${importId}`.execute(db),
});

/**
 * Ends the user's open import, whose process died (the caller holds the user's slot, so none runs):
 * ImportAbandoned, so none of its rows ever counts and the projector releases the user.
 */
export const abandonOpenImport = async (store: EventStore, userId: string, log: ImportLog, metadata: EventMetadata): Promise<ImportLog> => {
  if (log.open === undefined) return log;
  const data: EventData<'ImportAbandoned'> = { userId, importId: log.open, reason: 'interrupted' };
  try {
    const { nextRevision } = await store.append(streams.imports(userId), [{ type: 'ImportAbandoned', data, metadata }], log.revision!);
    return { ...log, revision: nextRevision, open: undefined };
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return readImportLog(store, userId);
    throw error;
  }
};

export interface ImportSweeper {
  stop(): Promise<void>;
}

/**
 * Ends the imports whose process died (a crash, a kill): at start and every `everyMs`, each import
 * still listed as running whose user's slot is free is abandoned. No manual step: the importing user
 * is released by the projector once the ImportAbandoned is in, with none of the import's rows.
 */
export const startImportSweeper = (options: {
  store: EventStore;
  db: Kysely<CommandDatabase>;
  slots: ImportSlots;
  clock?: () => Date;
  newId: () => string;
  everyMs?: number;
  log?: (line: string) => void;
}): ImportSweeper => {
  const { store, db, slots } = options;
  const clock = options.clock ?? (() => new Date());
  let stopped = false;
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = async () => {
    const { rows } = await sql<{ import_id: string; user_id: string }>`select import_id::text, user_id::text from command.imports`.execute(
      db,
    );
    for (const row of rows) {
      if (stopped) return;
      let slot: ImportSlot;
      try {
        slot = await slots.acquire(row.user_id);
      } catch {
        continue; // it runs (here or elsewhere), or this process is busy: the next sweep looks again
      }
      try {
        const log = await readImportLog(store, row.user_id);
        const metadata: EventMetadata = {
          occurredAt: clock().toISOString(),
          commandId: options.newId(),
          schemaVersion: EVENT_SCHEMA_VERSION,
        };
        if (log.open === row.import_id) {
          await abandonOpenImport(store, row.user_id, log, metadata);
          options.log?.(`imports: import ${row.import_id} of user ${row.user_id} was interrupted; abandoned, none of its rows count`);
        }
        await runningImports(db).remove(row.import_id);
      } finally {
        await slot.release();
      }
    }
  };
  const run = () => {
    sweeping = sweep().catch((error: unknown) => options.log?.(`imports: the sweep failed: ${(error as Error)?.message ?? String(error)}`));
  };
  run();
  const timer = setInterval(run, options.everyMs ?? 30_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
    },
  };
};

/** Longest an import waits for the read models after a chunk (none may be running: it never waits forever). */
const READ_MODELS_WAIT_MS = 2_000;
const READ_MODELS_POLL_MS = 5;

/**
 * Waits until the read models (the slowest partition's checkpoint) hold `position`, for at most
 * `waitMs` (READ_MODELS_WAIT_MS unless given): an import appends its next chunk only once the projector has taken the one
 * before, so it is never more than a chunk ahead of everyone else's writes.
 */
export const readModelsReached = async (db: Kysely<CommandDatabase>, position: string, waitMs = READ_MODELS_WAIT_MS): Promise<void> => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await sql<{ position: string }>`select position from read.checkpoints where name like 'read_models%'`
      .execute(db)
      .catch(() => ({ rows: [] as { position: string }[] }));
    if (rows.length === 0 || rows.every((row) => compareLogPositions(row.position, position) >= 0)) return;
    if (Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, READ_MODELS_POLL_MS));
  }
};

/** Longest an import's answer waits for its rows to show (the projector may be down, or far behind). */
const VISIBLE_WAIT_MS = 30_000;
const VISIBLE_POLL_MS = 20;

/**
 * Waits until the read models show the user's ended import, for at most `waitMs`: they hold its
 * ImportCommitted (`position`) and no hold of the user's is left (the projector released their
 * rows, imports/release.ts). The import answers only then, holding the user's slot: their next
 * import starts once this one's rows are out of the way, rather than its appends competing with
 * the release of this one's, and the rows are there for the reads that follow the answer.
 */
export const importVisible = async (
  db: Kysely<CommandDatabase>,
  userId: string,
  position: string,
  waitMs = VISIBLE_WAIT_MS,
): Promise<void> => {
  const deadline = Date.now() + waitMs;
  await readModelsReached(db, position, waitMs);
  for (;;) {
    const { rows } = await sql<{ held: number }>`select 1 as held from ${sql.id(READ_SCHEMA, 'import_holds')} where user_id = ${userId}`
      .execute(db)
      .catch(() => ({ rows: [] as { held: number }[] }));
    if (rows.length === 0 || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, VISIBLE_POLL_MS));
  }
};
