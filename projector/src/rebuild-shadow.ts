import { type Database, migrateReadModels, type Partition, READ_SCHEMA, SHADOW_SCHEMA } from '@bt/read-models';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { notifyFailures, notifyPosition, readCheckpoint, saveCheckpoint } from './db/writer';

/** Only one rebuild at a time per database (session-level advisory lock). */
const REBUILD_LOCK = 0x62745f7265627569n; // "bt_rebui"

/**
 * Takes REBUILD_LOCK on a connection of its own, or throws when another rebuild holds it. Answers
 * what gives it back (and the connection).
 */
export async function takeRebuildLock(pool: pg.Pool): Promise<() => Promise<void>> {
  const client = await pool.connect();
  const release = async () => {
    await client.query('select pg_advisory_unlock($1::bigint)', [REBUILD_LOCK.toString()]).catch(() => undefined);
    client.release();
  };
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
      REBUILD_LOCK.toString(),
    ]);
    if (!rows[0].locked) throw new Error('Another rebuild of the read models is running on this database');
  } catch (error) {
    await release();
    throw error;
  }
  return release;
}

/** A partition's checkpoint row in the shadow schema while a partitioned rebuild folds (never one the live projector reads). */
export const partitionCheckpoint = (partition: Partition) => `rebuild:${partition.index}/${partition.count}`;
/** Every partition's checkpoint row (a LIKE pattern). */
const PARTITION_CHECKPOINTS = 'rebuild:%';

/** Where a rebuild starts from in the shadow schema. */
export interface ShadowStart {
  /** The checkpoint of a half-built shadow folded in one group (undefined: none). */
  resumedFrom: string | undefined;
  /** The checkpoint rows of a half-built shadow folded in groups, by name (partitionCheckpoint). */
  resumedGroups: Map<string, string>;
  /** The groups the users are folded in (one: WHOLE's). */
  groups: Partition[];
}

/**
 * Makes the shadow schema ready to fold into: dropped first when `fresh`, migrated, its secondary
 * indexes deferred. A half-built shadow is resumed, but only folded in as many groups as before.
 */
export async function prepareShadow(
  db: Kysely<Database>,
  options: { fresh?: boolean; partitions: number; log: (line: string) => void },
): Promise<ShadowStart> {
  const { partitions } = options;
  if (options.fresh) await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(db);
  await migrateReadModels(db, SHADOW_SCHEMA);
  await deferSecondaryIndexes(db, SHADOW_SCHEMA);
  const resumedFrom = await readCheckpoint(db, SHADOW_SCHEMA);
  const partitionRows = await sql<{ name: string; position: string }>`
    select name, position from ${sql.id(SHADOW_SCHEMA, 'checkpoints')} where name like ${PARTITION_CHECKPOINTS}`.execute(db);
  const groups = Array.from({ length: partitions }, (_, index): Partition => ({ index, count: partitions }));
  const wanted = new Set(groups.map(partitionCheckpoint));
  if ((partitions > 1 && resumedFrom) || partitionRows.rows.some((row) => !wanted.has(row.name))) {
    throw new Error(
      `rebuild: the half-built rebuild was folded in ${resumedFrom ? 'one group' : 'another number of groups'}; ` +
        'resume it with the same REBUILD_PARTITIONS, or start over with --fresh',
    );
  }
  if (resumedFrom) options.log(`rebuild: resuming ${SHADOW_SCHEMA} from ${resumedFrom} (--fresh starts over)`);
  return { resumedFrom, resumedGroups: new Map(partitionRows.rows.map((row) => [row.name, row.position])), groups };
}

/**
 * Secondary indexes of the shadow schema are dropped while it fills and built once at the end
 * (a sorted build is far cheaper than maintaining them row by row). Their definitions wait in this
 * table, inside the shadow schema, so a resumed rebuild still builds them. Autovacuum is off for the
 * shadow's tables meanwhile (it vacuumed and analysed them again and again as they grew, beside the
 * load) and back on with the indexes: it then analyses each table once, full.
 */
const DEFERRED = 'rebuild_deferred_indexes';

async function deferSecondaryIndexes(db: Kysely<Database>, schema: string): Promise<void> {
  const table = sql.id(schema, DEFERRED);
  if (await tableExists(db, schema, DEFERRED)) return; // resuming: already deferred
  await db.transaction().execute(async (trx) => {
    await sql`create table ${table} (name text primary key, definition text not null)`.execute(trx);
    const { rows } = await sql<{ name: string; definition: string }>`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not i.indisunique and not i.indisprimary`.execute(trx);
    for (const { name, definition } of rows) {
      await sql`insert into ${table} (name, definition) values (${name}, ${definition})`.execute(trx);
      await sql`drop index ${sql.id(schema, name)}`.execute(trx);
    }
    for (const name of await shadowTables(trx, schema)) {
      await sql`alter table ${sql.id(schema, name)} set (autovacuum_enabled = false)`.execute(trx);
    }
  });
}

const shadowTables = async (db: Kysely<Database>, schema: string) =>
  (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema}`.execute(db)).rows.map(
    (row) => row.name,
  );

/** Builds the secondary indexes deferSecondaryIndexes dropped from the shadow schema, once it is filled. */
export async function buildDeferredIndexes(db: Kysely<Database>): Promise<void> {
  const schema = SHADOW_SCHEMA;
  if (!(await tableExists(db, schema, DEFERRED))) return;
  const table = sql.id(schema, DEFERRED);
  const { rows } = await sql<{ definition: string }>`select definition from ${table} order by name`.execute(db);
  // Two at a time, on two connections: Postgres builds each on one core, and the fold is over.
  const queue = [...rows];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await sql.raw(next.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(db);
    }
  };
  await Promise.all([lane(), lane()]);
  await db.transaction().execute(async (trx) => {
    for (const name of await shadowTables(trx, schema)) {
      if (name !== DEFERRED) await sql`alter table ${sql.id(schema, name)} reset (autovacuum_enabled)`.execute(trx);
    }
    await sql`drop table ${table}`.execute(trx);
  });
}

const tableExists = async (db: Kysely<Database>, schema: string, table: string) =>
  (await sql<{ oid: string | null }>`select to_regclass(${`"${schema}"."${table}"`})::text as oid`.execute(db)).rows[0].oid !== null;

const schemaExists = async (db: Kysely<Database>, schema: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname = ${schema}`.execute(db)).rows[0].n > 0;

/**
 * In the caller's transaction (holding the read-models lock): the shadow's checkpoint saved at
 * `position` (undefined: the log is empty) in place of the groups' rows, `read` renamed away and
 * the shadow to `read`, the old one dropped, and LISTENers told.
 */
export async function swapShadowIn(trx: Kysely<Database>, position: string | undefined): Promise<void> {
  await sql`delete from ${sql.id(SHADOW_SCHEMA, 'checkpoints')} where name like ${PARTITION_CHECKPOINTS}`.execute(trx);
  if (position) await saveCheckpoint(trx, SHADOW_SCHEMA, position);
  const retired = `${READ_SCHEMA}_replaced`;
  await sql`drop schema if exists ${sql.id(retired)} cascade`.execute(trx);
  const hadReadModels = await schemaExists(trx, READ_SCHEMA);
  if (hadReadModels) await sql`alter schema ${sql.id(READ_SCHEMA)} rename to ${sql.id(retired)}`.execute(trx);
  await sql`alter schema ${sql.id(SHADOW_SCHEMA)} rename to ${sql.id(READ_SCHEMA)}`.execute(trx);
  if (hadReadModels) await sql`drop schema ${sql.id(retired)} cascade`.execute(trx);
  if (position) await notifyPosition(trx, position);
  await notifyFailures(trx); // the new read models have their own set of users set aside
}
