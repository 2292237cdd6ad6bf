import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompiledQuery, sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import { appendsNoEventSql } from '@bt/event-store';
import {
  CHECKPOINT_NAME,
  type Database,
  FAILURES_CHANNEL,
  mergeChanges,
  NOTIFY_CHANNEL,
  type RowChanges,
  type TableName,
  type UserChanges,
} from '@bt/read-models';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { binaryCopy } from './copy-binary';
import { copyChunks } from './copy-text';
import { CHUNK, deletes, inserts, together, upserts, type Statement } from './statements';
import { quoteId as id, SNAPSHOT_STREAMS_SPEC, SPECS, type TableSpec } from './table-specs';

/**
 * The one place read-model rows reach Postgres: a batch of row changes as a few multi-row
 * statements (`unnest` of one array per column, in large chunks: statements.ts), never a statement
 * per event. The caller runs it in the transaction that also saves the checkpoint. A function here
 * that sends raw SQL alone takes any kysely instance or transaction (`QueryExecutorProvider`).
 */

/** The tables the projection writes, in the order they are written. */
export const PROJECTED_TABLES = Object.keys(SPECS) as TableName[];

/**
 * The statements of a batch of row changes: every table's deletes, then every table's inserts,
 * then every table's upserts (each table's rows in that order, as they must be; no read-model
 * table depends on another: no foreign key, no trigger). The statements of a phase go together
 * as one, up to CHUNK rows: a live batch, a few rows in each of a dozen tables, is three round
 * trips rather than one per table (most of a batch's time under load), and a rebuild's thousands
 * of rows are still a chunk at a time. A phase stays a statement of its own: within one statement
 * every part sees the rows as they were before it, so a row inserted and then upserted must not
 * be written by the same statement.
 */
function* statements(schema: string, changes: RowChanges): Generator<() => { text: string; params: string[] }> {
  for (const phase of [
    (table: TableName) => deletes(schema, table, changes[table].deletes),
    (table: TableName) => inserts(schema, table, changes[table].inserts),
    (table: TableName) => upserts(schema, table, changes[table].upserts),
  ]) {
    let group: Statement[] = [];
    let rows = 0;
    for (const table of PROJECTED_TABLES) {
      for (const [statement, size] of phase(table)) {
        if (group.length > 0 && rows + size > CHUNK) {
          yield together(group);
          group = [];
          rows = 0;
        }
        group.push(statement);
        rows += size;
      }
    }
    if (group.length > 0) yield together(group);
  }
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes one batch of row changes into `schema` (per table: deletes, inserts, then upserts). Each
 * statement is built (the costly part on our side) while Postgres runs the one before.
 */
export async function writeChanges(db: Kysely<Database>, schema: string, changes: RowChanges): Promise<void> {
  let running: Promise<unknown> | undefined;
  for (const build of statements(schema, changes)) {
    const { text, params } = build();
    if (running) await running;
    running = db.executeQuery(CompiledQuery.raw(text, params));
    running.catch(() => undefined); // awaited below; not unhandled while the next one is built
    await nextTick(); // let the query go out before building the next one
  }
  await running;
}

/**
 * An error in the data of some user's rows (Postgres' classes 22, data exception, and 23, integrity
 * constraint violation) rather than in the connection or the server: writing one user at a time
 * can isolate it. Anything else fails the batch, to be retried whole.
 */
export const isDataError = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^(22|23)/.test(code);
};

/** A user whose rows Postgres refused, and why. */
export interface RefusedUser extends UserChanges {
  error: unknown;
}

/**
 * Writes each user's changes on their own, in a savepoint of their own inside the caller's
 * transaction: a user whose rows Postgres refuses for a data error is rolled back and returned,
 * everyone else's rows stay. The slow path, after the users' rows together were refused.
 */
export async function writeEachUser(trx: Kysely<Database>, schema: string, users: readonly UserChanges[]): Promise<RefusedUser[]> {
  const refused: RefusedUser[] = [];
  for (const user of users) {
    await sql`savepoint one_user`.execute(trx);
    try {
      await writeChanges(trx, schema, user.changes);
      await sql`release savepoint one_user`.execute(trx);
    } catch (error) {
      if (!isDataError(error)) throw error;
      await sql`rollback to savepoint one_user`.execute(trx);
      refused.push({ ...user, error });
    }
  }
  return refused;
}

/**
 * Writes every user's changes inside the caller's transaction: all together (one statement per
 * table and chunk), or, if Postgres refuses that for a data error, one user at a time. Returns the
 * users whose rows were refused; nobody else's are lost.
 */
export async function writeUsers(trx: Kysely<Database>, schema: string, users: readonly UserChanges[]): Promise<RefusedUser[]> {
  await sql`savepoint all_users`.execute(trx);
  try {
    await writeChanges(trx, schema, mergeChanges(users.map((u) => u.changes)));
    // Not released: the savepoint ends with the transaction, and releasing it was a round trip.
    return [];
  } catch (error) {
    if (!isDataError(error)) throw error;
    await sql`rollback to savepoint all_users`.execute(trx);
    return writeEachUser(trx, schema, users);
  }
}

/** The read models' position in `schema`, "commit.prepare"; undefined before the first batch. */
export async function readCheckpoint(db: Kysely<Database>, schema: string): Promise<string | undefined> {
  const row = await db
    .withSchema(schema)
    .selectFrom('checkpoints')
    .select('position')
    .where('name', '=', CHECKPOINT_NAME)
    .executeTakeFirst();
  return row?.position;
}

/**
 * The statement that saves the checkpoint row `name` at `position`, as text alone (so a live batch
 * can send it with its notification and COMMIT in one message). Its time is Postgres' clock when
 * the statement runs, the same for every writer of the row (partitions/checkpoints.ts orders
 * layouts by it).
 */
export const checkpointSql = (schema: string, position: string, name = CHECKPOINT_NAME) =>
  `insert into ${id(schema)}."checkpoints" ("name", "position", "updated_at") values (${literal(name)}, ${literal(position)}, clock_timestamp())
    on conflict ("name") do update set "position" = excluded."position", "updated_at" = excluded."updated_at"`;

/** Saves the checkpoint row `name` (a projector partition's own, partitions/partition.ts; the single projector's by default). */
export async function saveCheckpoint(db: QueryExecutorProvider, schema: string, position: string, name?: string): Promise<void> {
  await sql.raw(checkpointSql(schema, position, name)).execute(db);
}

/** A table's rows by COPY: in its binary format (copy-binary.ts), or as text when some value is not written so. */
const copyRows = async (client: pg.ClientBase, schema: string, table: string, spec: TableSpec, rows: readonly object[]) => {
  const columns = spec.columns.map(([name]) => `"${name}"`).join(', ');
  const binary = binaryCopy(spec, rows);
  await pipeline(
    Readable.from(binary?.chunks ?? copyChunks(spec, rows)),
    client.query(copyFrom(`COPY "${schema}"."${table}" (${columns}) FROM STDIN${binary ? ' (FORMAT binary)' : ''}`)),
  );
  // Sent (Postgres answered the COPY): its buffers can take the next table's rows. Not after a
  // failure: the connection may still hold some of them.
  binary?.release();
};

/** Drops a table's primary key; answers its name and definition, to add it again (none: undefined). */
const dropPrimaryKey = async (client: pg.ClientBase, schema: string, table: TableName) => {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = $1::regclass and contype = 'p'`,
    [`"${schema}"."${table}"`],
  );
  if (rows.length === 0) return undefined;
  await client.query(`ALTER TABLE "${schema}"."${table}" DROP CONSTRAINT "${rows[0].name}"`);
  return rows[0];
};

/**
 * A batch of row changes and the checkpoint in one transaction on one connection, with the new
 * rows sent by COPY: the rebuild's bulk path (a flush there is up to a million new rows, which
 * COPY loads several times faster than the multi-row inserts the live projector's small batches
 * use). Deletes and upserts are `writeChanges`' own statements.
 *
 * `emptyTables` (a fresh rebuild's first flush: every row is new): a table's primary key is dropped
 * before its COPY and built again after it, in the same transaction. One sorted build costs about
 * half of keeping the key row by row (3.7 million analytics_daily rows: 17 s, against 5 s for the
 * rows and 4 s for the key), and a duplicate key is still refused, when the key is built.
 *
 * `streams`: snapshot_streams rows none of which is in the table yet (a rebuild's bucket, whose users
 * are new to the shadow), sent by COPY in the same transaction rather than upserted beside it.
 */
export async function writeChangesByCopy(
  client: pg.ClientBase,
  schema: string,
  changes: RowChanges,
  position: string,
  options: { emptyTables?: boolean; checkpoint?: string; streams?: readonly object[] } = {},
): Promise<void> {
  const run = async ({ text, params }: { text: string; params: string[] }) => {
    await client.query(text, params);
  };
  await client.query('begin');
  try {
    for (const table of PROJECTED_TABLES) {
      const { inserts: added, upserts: changed, deletes: removed } = changes[table];
      for (const [build] of deletes(schema, table, removed)) await run(together([build])());
      if (added.length > 0) {
        const rekey = options.emptyTables && changed.length === 0 && removed.length === 0 && (await dropPrimaryKey(client, schema, table));
        await copyRows(client, schema, table, SPECS[table], added);
        if (rekey) await client.query(`ALTER TABLE "${schema}"."${table}" ADD CONSTRAINT "${rekey.name}" ${rekey.definition}`);
      }
      for (const [build] of upserts(schema, table, changed)) await run(together([build])());
    }
    if (options.streams && options.streams.length > 0)
      await copyRows(client, schema, 'snapshot_streams', SNAPSHOT_STREAMS_SPEC, options.streams);
    await client.query(checkpointSql(schema, position, options.checkpoint));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** A text as an SQL literal, for the statements sent as text alone (several in one round trip need no parameters). */
const literal = (text: string) => {
  if (text.includes('\u0000')) throw new Error('a NUL cannot be sent in SQL text');
  return `'${text.replace(/'/g, "''")}'`;
};

/**
 * Opens a live batch's transaction on the connection `conn` in one round trip: BEGIN, the mark that
 * it appends no event (so readers of the log do not wait for it: `appendsNoEventSql`), the shared
 * READ_MODELS_LOCK, an asynchronous commit (the transaction commits without waiting for its
 * WAL to reach the disk: `synchronous_commit = off`, for this transaction only), then the
 * statement `lock` (the partition's batch lock, partitions/lease.ts). Read models are
 * rebuilt from the log, which stays durable, and a batch's checkpoint commits with its rows, so a
 * crash of Postgres can only lose the last batches whole, which the projector then writes again
 * from the checkpoint before them; its commit does not wait for a disk flush behind the appends'
 * own. Close it with commitLiveBatch, or send `rollback`.
 */
export async function beginLiveBatch(conn: QueryExecutorProvider, lock: string): Promise<void> {
  await sql
    .raw(
      `begin; ${appendsNoEventSql}; select pg_advisory_xact_lock_shared(${READ_MODELS_LOCK.toString()}::bigint), set_config('synchronous_commit', 'off', true); ${lock}`,
    )
    .execute(conn);
}

/**
 * Ends a live batch's transaction in one round trip: its checkpoint row `name` saved at `position`,
 * `payload` notified on NOTIFY_CHANNEL (delivered on commit), then COMMIT.
 */
export async function commitLiveBatch(
  conn: QueryExecutorProvider,
  schema: string,
  name: string,
  position: string,
  payload: string,
): Promise<void> {
  await sql
    .raw(
      `${checkpointSql(schema, position, name)};
      select pg_notify(${literal(NOTIFY_CHANNEL)}, ${literal(payload)});
      commit`,
    )
    .execute(conn);
}

/** Tells LISTENers (query-api) that the set of users set aside changed; delivered on commit. */
export async function notifyFailures(db: QueryExecutorProvider): Promise<void> {
  await sql`select pg_notify(${FAILURES_CHANNEL}, '')`.execute(db);
}

/** Tells LISTENers (query-api waiting for X-Min-Position) the new position; delivered on commit. */
export async function notifyPosition(db: QueryExecutorProvider, position: string): Promise<void> {
  await sql`select pg_notify(${NOTIFY_CHANNEL}, ${position})`.execute(db);
}

/**
 * Guards every write of the live `read` schema: each live batch takes it shared (projector
 * partitions write side by side: each their own users' rows); a rebuild's final catch-up and swap
 * and a retry take it exclusive, inside their transaction (`pg_advisory_xact_lock`).
 */
export const READ_MODELS_LOCK = 0x62745f72656164n; // "bt_read"

/** Takes READ_MODELS_LOCK exclusive in the caller's transaction (a live batch takes it shared: beginLiveBatch). */
export async function lockReadModels(db: QueryExecutorProvider): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(READ_MODELS_LOCK.toString())}::bigint)`.execute(db);
}
