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

/** A build deferred to when the shadow is filled: how big its table is (its order), and the build, in a transaction of its own. */
export interface DeferredBuild {
  /** Bytes of the table it reads (a GIN index: four times them), to start the longest first. */
  weight: number;
  run: (trx: Kysely<Database>) => Promise<void>;
}

/**
 * Runs `builds` on two connections (Postgres builds an index on one core, and the fold is over),
 * the heaviest first so neither connection is left with a long one at the end, each without
 * parallel maintenance workers (two builds already take both cores: the workers' share of a sort,
 * and its merging, only added to it: 8.0-9.0 against 7.1-7.6 s of Postgres' CPU for the indexes of
 * 1M events' bets, in 4.5-5.3 against 4.2-4.3 s).
 */
async function buildInLanes(db: Kysely<Database>, builds: readonly DeferredBuild[]): Promise<void> {
  const queue = [...builds].sort((a, b) => b.weight - a.weight);
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const build = next;
      await db.transaction().execute(async (trx) => {
        await sql`set local max_parallel_maintenance_workers = 0`.execute(trx);
        await build.run(trx);
      });
    }
  };
  await Promise.all([lane(), lane()]);
}

/** The secondary indexes deferSecondaryIndexes dropped from the shadow schema, to build once it is filled (none: already built). */
async function deferredIndexes(db: Kysely<Database>): Promise<DeferredBuild[]> {
  const schema = SHADOW_SCHEMA;
  if (!(await tableExists(db, schema, DEFERRED))) return [];
  // The table each is on and its method, from its definition (pg_get_indexdef's), sized in the same query.
  const { rows } = await sql<{ definition: string; bytes: string | null; gin: boolean }>`
    select definition, pg_relation_size(to_regclass(substring(definition from ' ON (?:ONLY )?(\\S+) USING ')))::text as bytes,
      definition like '% USING gin %' as gin
    from ${sql.id(schema, DEFERRED)} order by name`.execute(db);
  return rows.map(({ definition, bytes, gin }) => ({
    weight: Number(bytes ?? 0) * (gin ? 4 : 1),
    run: (trx) =>
      sql
        .raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '))
        .execute(trx)
        .then(() => undefined),
  }));
}

/**
 * Builds the secondary indexes deferSecondaryIndexes dropped from the shadow schema, once it is
 * filled, with `more` builds beside them (a rebuild in buckets' primary keys), two at a time.
 */
export async function buildDeferredIndexes(db: Kysely<Database>, more: readonly DeferredBuild[] = []): Promise<void> {
  const schema = SHADOW_SCHEMA;
  const indexes = await deferredIndexes(db);
  await buildInLanes(db, [...indexes, ...more]);
  if (!(await tableExists(db, schema, DEFERRED))) return;
  await db.transaction().execute(async (trx) => {
    for (const name of await shadowTables(trx, schema)) {
      if (name !== DEFERRED) await sql`alter table ${sql.id(schema, name)} reset (autovacuum_enabled)`.execute(trx);
    }
    await sql`drop table ${sql.id(schema, DEFERRED)}`.execute(trx);
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
