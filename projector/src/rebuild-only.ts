import { sql, type Kysely } from 'kysely';
import { comparePositions, parsePosition, START, type Position, type RecordedEvent } from '@bt/event-store';
import {
  type CheckpointRow,
  type Database,
  READ_MODEL_VERSIONS,
  type ReadModelName,
  READ_SCHEMA,
  readCheckpointRows,
  recordVersions,
  SHADOW_SCHEMA,
  userCheckpoint,
  userOf,
  writeSnapshots,
} from '@bt/read-models';
import { lockReadModels, notifyFailures, writeChanges, writeUsers } from './db/writer';
import { writeHoldChanges } from './imports/holds';
import { releaseHold } from './imports/release';
import { restoreBeforeFailure } from './restore';
import { loadFrom, refusals } from './rebuild-fold';
import type { CatchUp } from './rebuild-catch-up';
import { diffReadModels, type ReadModelDiff } from './rebuild-diff';
import { tablesOf } from './read-model-names';

/*
 * Rebuilding some read models only (`--only`, `--diff`, a version bump): the shadow is folded as
 * for a full rebuild, but it catches up to where the live read models stand rather than to the
 * log's head, and only the named read models' tables are swapped in. Every other table, the
 * checkpoints and the set-aside users stay the live ones: their projector follows on from the same
 * checkpoint, now over the rebuilt tables too.
 */

const positionOf = (text: string | undefined): Position => (text && parsePosition(text)) || START;

/**
 * Where the fold of an `--only` rebuild stops: the least advanced live checkpoint, so no user's
 * rebuilt rows get ahead of their live ones (the catch-up folds each on to their own).
 */
export async function liveUntil(db: Kysely<Database>): Promise<Position> {
  const rows = await readCheckpointRows(db, READ_SCHEMA).catch(() => []);
  return (
    rows.reduce<Position | undefined>((least, row) => {
      const at = positionOf(row.position);
      return least === undefined || comparePositions(at, least) < 0 ? at : least;
    }, undefined) ?? START
  );
}

/** The tables taken from the shadow besides the read models': the snapshots, folded by the same code. */
const SNAPSHOT_TABLES = ['user_snapshots', 'snapshot_marks', 'snapshot_streams'];

export interface OnlyCatchUp extends CatchUp {
  models: readonly ReadModelName[];
  /** Compare the rebuilt tables with the live ones before the swap. */
  diff: boolean;
  /** Swap the rebuilt tables in (false: compare only, and leave the shadow as its last flush left it). */
  swap: boolean;
  /** Code versions recorded for the swapped read models (READ_MODEL_VERSIONS by default). */
  versions?: Readonly<Partial<Record<ReadModelName, number>>>;
}

/** A transaction rolled back on purpose (a diff without a swap). */
class Unswapped extends Error {}

/**
 * Under the lock every live batch takes: folds each user's events on to their live checkpoint,
 * writes them, releases the holds the live projector released, and restores the users set aside
 * (live or by this fold) to before their failure, as catchUpAndSwap does. Then compares (`diff`),
 * and swaps the named read models' tables in: the live schema's other tables move into the shadow,
 * which then takes the live schema's name (the live projector sees a new schema, forgets its states
 * and follows on from the same checkpoint).
 */
export async function catchUpOnly(run: OnlyCatchUp): Promise<{ events: number; diff: ReadModelDiff[] | undefined }> {
  const { db, store, engine, snapshots } = run;
  const { report, setAside, withRefused } = refusals(engine, snapshots, run.log);
  let events = 0;
  let diff: ReadModelDiff[] | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await lockReadModels(trx);
      const rows = await readCheckpointRows(trx, READ_SCHEMA);
      const upTo = (userId: string) => positionOf(userCheckpoint(rows, userId));
      const last = rows.reduce(
        (most, row) => (comparePositions(positionOf(row.position), most) > 0 ? positionOf(row.position) : most),
        START,
      );
      const due = (event: RecordedEvent) => {
        const userId = userOf(event);
        return userId !== undefined && comparePositions(event.position, upTo(userId)) <= 0;
      };
      if (comparePositions(last, run.from) > 0) {
        for await (const read of store.readAllPages(run.from, run.pageSize)) {
          const beyond = read.findIndex((event) => comparePositions(event.position, last) > 0);
          const page = (beyond >= 0 ? read.slice(0, beyond) : read).filter(due);
          await snapshots.load(trx, SHADOW_SCHEMA, page);
          await engine.apply(page, loadFrom(trx));
          snapshots.observe(page, (id) => engine.snapshotState(id));
          events += page.length;
          if (beyond >= 0) break;
        }
      }
      const taken = engine.takeChangesByUser();
      const refused = setAside(await writeUsers(trx, SHADOW_SCHEMA, taken.users));
      report([...taken.rest.projection_failures.upserts, ...refused.map((r) => r.failure)]);
      await writeChanges(trx, SHADOW_SCHEMA, withRefused(taken.rest, refused));
      await writeHoldChanges(trx, SHADOW_SCHEMA, engine.takeHoldChanges());
      await releaseAsLive(trx, run, rows);
      await writeSnapshots(trx, SHADOW_SCHEMA, snapshots.take());
      const newlySetAside = await restoreSetAside(trx, run);
      if (run.diff) diff = await diffReadModels(trx, run.models, READ_SCHEMA, SHADOW_SCHEMA);
      if (!run.swap) throw new Unswapped();
      await swapTablesIn(trx, run.models);
      for (const failure of newlySetAside) {
        await trx
          .withSchema(READ_SCHEMA)
          .insertInto('projection_failures')
          .values(failure)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      const versions = run.versions ?? READ_MODEL_VERSIONS;
      await recordVersions(
        trx,
        READ_SCHEMA,
        Object.fromEntries(run.models.map((name) => [name, versions[name] ?? READ_MODEL_VERSIONS[name]])),
      );
      await notifyFailures(trx);
    })
    .catch((error: unknown) => {
      if (!(error instanceof Unswapped)) throw error;
    });
  return { events, diff };
}

/**
 * Releases in the shadow the holds the live projector has released (whose live row is gone or has
 * moved on), each user folded up to their live checkpoint: the holds still live stay held in the
 * rebuilt rows too, and the live projector's release then folds them into every table at once.
 */
async function releaseAsLive(trx: Kysely<Database>, run: OnlyCatchUp, rows: readonly CheckpointRow[]): Promise<void> {
  const live = new Map(
    (await trx.withSchema(READ_SCHEMA).selectFrom('import_holds').select(['user_id', 'resume_after']).execute()).map((h) => [
      h.user_id,
      h.resume_after,
    ]),
  );
  const shadow = await trx.withSchema(SHADOW_SCHEMA).selectFrom('import_holds').select(['user_id', 'resume_after']).execute();
  for (const hold of shadow) {
    if (live.get(hold.user_id) === hold.resume_after) continue;
    const target = {
      db: trx,
      store: run.store,
      schema: SHADOW_SCHEMA,
      transaction: <T>(_: boolean, work: (t: Kysely<Database>, p: string | undefined) => Promise<T>) =>
        work(trx, userCheckpoint(rows, hold.user_id)),
    };
    await releaseHold(target, hold.user_id);
  }
}

/**
 * The users set aside live or by this fold get their rebuilt rows restored to before their failure
 * (the live rows of a set-aside user stop there too). Answers the failures the live read models do
 * not have yet: they are set aside there with the swap.
 */
async function restoreSetAside(trx: Kysely<Database>, run: OnlyCatchUp) {
  const live = await trx.withSchema(READ_SCHEMA).selectFrom('projection_failures').selectAll().execute();
  const shadow = await trx.withSchema(SHADOW_SCHEMA).selectFrom('projection_failures').selectAll().execute();
  const liveUsers = new Set(live.map((f) => f.user_id));
  const added = shadow.filter((f) => !liveUsers.has(f.user_id));
  for (const failure of [...live, ...added]) await restoreBeforeFailure(trx, run.store, SHADOW_SCHEMA, failure);
  if (added.length > 0)
    run.log(`rebuild: ${added.length} user(s) set aside by the rebuilt read models (see ${READ_SCHEMA}.projection_failures)`);
  return added;
}

/**
 * The live schema's tables but the rebuilt read models' (and the snapshots) moved into the shadow,
 * in place of the shadow's own, then the shadow renamed to the live schema's name, all in the
 * caller's transaction: readers see the old tables or the new ones, never neither.
 */
async function swapTablesIn(trx: Kysely<Database>, models: readonly ReadModelName[]): Promise<void> {
  const rebuilt = new Set<string>([...tablesOf(models), ...SNAPSHOT_TABLES]);
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${READ_SCHEMA}`.execute(trx);
  for (const { name } of rows) {
    if (rebuilt.has(name)) continue;
    await sql`drop table if exists ${sql.id(SHADOW_SCHEMA, name)} cascade`.execute(trx);
    await sql`alter table ${sql.id(READ_SCHEMA, name)} set schema ${sql.id(SHADOW_SCHEMA)}`.execute(trx);
  }
  const retired = `${READ_SCHEMA}_replaced`;
  await sql`drop schema if exists ${sql.id(retired)} cascade`.execute(trx);
  await sql`alter schema ${sql.id(READ_SCHEMA)} rename to ${sql.id(retired)}`.execute(trx);
  await sql`alter schema ${sql.id(SHADOW_SCHEMA)} rename to ${sql.id(READ_SCHEMA)}`.execute(trx);
  await sql`drop schema ${sql.id(retired)} cascade`.execute(trx);
}
