import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { appendsNoEventSql } from '@bt/event-store';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  CHECKPOINT_NAME,
  type Column,
  type Database,
  FAILURES_CHANNEL,
  mergeChanges,
  NOTIFY_CHANNEL,
  type PgType,
  type RowChanges,
  type TableName,
  TABLES,
  type UserChanges,
} from '@bt/read-models';

/**
 * The one place read-model rows reach Postgres: a batch of row changes as a few multi-row
 * statements (`unnest` of one array per column, in large chunks), never a statement per event.
 * The caller runs it in the transaction that also saves the checkpoint.
 */

interface TableSpec {
  key: string[];
  /** [name, Postgres type], in the declaration's order. */
  columns: [string, PgType][];
  /** The columns that may be NULL; every other one is NOT NULL. */
  nullable: Set<string>;
}

/** Each table's spec, derived from its declaration in schema.ts. */
const SPECS = Object.fromEntries(
  Object.entries(TABLES).map(([name, declaration]): [string, TableSpec] => {
    const columns = Object.entries(declaration.columns as Record<string, Column>);
    return [
      name,
      {
        key: [...declaration.key],
        columns: columns.map(([column, c]) => [column, c.type]),
        nullable: new Set(columns.filter(([, c]) => c.nullable).map(([column]) => column)),
      },
    ];
  }),
) as { [T in TableName]: TableSpec };

/** The tables the projection writes, in the order they are written. */
export const PROJECTED_TABLES = Object.keys(SPECS) as TableName[];

/*
 * What Postgres would refuse, checked before anything is sent: one user's unstorable row (a NUL in
 * a text, a date past year 9999, a count past int4, a missing value) must not fail a batch, a
 * COPY or a rebuild that also carries everyone else's rows. The projector sets that user aside.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** NUL (no Postgres text holds it) or a UTF-16 surrogate without its pair (jsonb refuses it; text would store U+FFFD). */
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Money stays within what integer cents hold exactly. */
const MAX_MONEY = Number.MAX_SAFE_INTEGER / 100;
const MIN_INSTANT = Date.UTC(1, 0, 1);
const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Any NUL or surrogate at all: the cheap test almost every text passes, before the exact one. */
const SUSPECT_TEXT = /[\u0000\ud800-\udfff]/;

/** True for a string Postgres can store as text and inside jsonb. */
export const isStorableText = (value: unknown): value is string =>
  typeof value === 'string' && (!SUSPECT_TEXT.test(value) || !UNSTORABLE_TEXT.test(value));

/** Days already found valid: a history has few distinct ones, and each row names one. */
const validDays = new Set<string>();
const isStorableDay = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  if (validDays.has(value)) return true;
  if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return false;
  if (validDays.size >= 100_000) validDays.clear();
  validDays.add(value);
  return true;
};

const isStorableJson = (value: unknown, depth = 0): boolean => {
  if (depth > 32) return false;
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every((v) => isStorableJson(v, depth + 1));
  if (typeof value === 'object') {
    return Object.entries(value as object).every(([k, v]) => isStorableText(k) && (v === undefined || isStorableJson(v, depth + 1)));
  }
  return false;
};

const isStorable = (value: unknown, type: PgType): boolean => {
  switch (type) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'text':
      return isStorableText(value);
    case 'date':
      return isStorableDay(value);
    case 'timestamptz': {
      const t = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
      return t >= MIN_INSTANT && t <= MAX_INSTANT;
    }
    case 'numeric':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_MONEY;
    case 'double precision':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647;
    case 'boolean':
      return typeof value === 'boolean';
    case 'jsonb':
      return isStorableJson(value);
    case 'bytea':
      return value instanceof Uint8Array;
    default: {
      const never: never = type;
      return never;
    }
  }
};

/** Why Postgres would refuse this row of `table` (as a new or changed row), or undefined when it would not. */
export const unstorable = (table: TableName, row: object): string | undefined => {
  const values = row as Record<string, unknown>;
  for (const { name, type, nullable } of COLUMNS[table]) {
    const value = values[name];
    if (value === null || value === undefined) {
      if (!nullable) return `${table}.${name} has no value`;
    } else if (!isStorable(value, type)) {
      return `${table}.${name} cannot be stored as ${type}`;
    }
  }
  return undefined;
};

/** Each table's columns with their nullability looked up once (a rebuild checks a million rows). */
const COLUMNS = Object.fromEntries(
  Object.entries(SPECS).map(([table, spec]) => [
    table,
    spec.columns.map(([name, type]) => ({ name, type, nullable: spec.nullable.has(name) })),
  ]),
) as unknown as Record<TableName, { name: string; type: PgType; nullable: boolean }[]>;

/** Why Postgres would refuse this key of a row to delete from `table`, or undefined. */
export const unstorableKey = (table: TableName, key: object): string | undefined => {
  const spec = SPECS[table];
  const values = key as Record<string, unknown>;
  for (const [name, type] of spec.columns) {
    if (spec.key.includes(name) && !isStorable(values[name], type)) return `${table}.${name} cannot be stored as ${type}`;
  }
  return undefined;
};

/** Rows per statement: big enough to amortise a round trip, small enough to keep parameters modest. */
const CHUNK = 5_000;

const QUOTE = /[\\"]/g;
const quoted = (text: string): string => `"${text.includes('"') || text.includes('\\') ? text.replace(QUOTE, '\\$&') : text}"`;

/** How a column travels: timestamps as epoch milliseconds (far cheaper to format than ISO text). */
const wireType = (type: PgType): string => (type === 'timestamptz' ? 'float8' : type);

/**
 * A Postgres array literal for one column, built directly: much cheaper than pg's generic array
 * serialisation for hundreds of thousands of rows. Text and JSON are quoted (and escaped when
 * needed); the other types' text forms never need quoting.
 */
export const arrayLiteral = (values: readonly unknown[], type: PgType): string => {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (type === 'text') parts[i] = quoted(value as string);
    else if (type === 'jsonb') parts[i] = quoted(JSON.stringify(value));
    else if (type === 'timestamptz') parts[i] = String(value instanceof Date ? value.getTime() : Date.parse(value as string));
    else parts[i] = String(value);
  }
  return `{${parts.join(',')}}`;
};

const id = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A statement's text for any numbering of its parameters: `texts[i]` comes before parameter i, the
 * last after them all. Kept per schema, table and kind: the text of a table's statement never
 * changes, only its arrays do (composing and compiling it through the query builder for every batch
 * cost the live projector about as much as building the arrays).
 */
interface Template {
  texts: readonly string[];
}

/** A statement ready to send: its template and one parameter (an array literal) per placeholder. */
interface Part {
  template: Template;
  params: string[];
}

const templates = new Map<string, Template>();
const templateOf = (key: string, build: () => string[]): Template => {
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= 1_000) templates.clear(); // a schema per test database: keep it bounded
    templates.set(key, (template = { texts: build() }));
  }
  return template;
};

/** The text of `parts` as one statement (its parameters numbered from 1 across them) and their parameters. */
const render = (parts: readonly Part[], around: (texts: string[]) => string): { text: string; params: string[] } => {
  const params: string[] = [];
  const texts = parts.map(({ template, params: own }) => {
    let text = template.texts[0];
    for (let i = 0; i < own.length; i++) text += `$${params.length + i + 1}${template.texts[i + 1]}`;
    params.push(...own);
    return text;
  });
  return { text: around(texts), params };
};

/** `insert into schema.table (...) select ... from unnest(one array per column)`, its texts around the arrays. */
const insertTexts = (schema: string, table: TableName, spec: TableSpec, suffix = ''): string[] => {
  const names = spec.columns.map(([name]) => id(name)).join(', ');
  const values = spec.columns
    .map(([name, type]) => (type === 'timestamptz' ? `to_timestamp(u.${id(name)} / 1000)` : `u.${id(name)}`))
    .join(', ');
  const head = `insert into ${id(schema)}.${id(table)} as t (${names})
    select ${values} from unnest(`;
  return [
    head,
    ...spec.columns.map(([, type], i) => `::${wireType(type)}[]${i === spec.columns.length - 1 ? `) as u(${names})${suffix}` : ', '}`),
  ];
};

/** The arrays of a chunk of rows, one literal per column. */
const columnArrays = (spec: TableSpec, rows: readonly object[]): string[] =>
  spec.columns.map(([name, type]) =>
    arrayLiteral(
      rows.map((row) => (row as Record<string, unknown>)[name]),
      type,
    ),
  );

/** A statement (built when called: the costly part) and how many rows it writes. */
type Statement = () => Part;
type Sized = [Statement, number];

function* inserts(schema: string, table: TableName, rows: readonly object[]): Generator<Sized> {
  const spec = SPECS[table];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const template = templateOf(`insert\0${schema}\0${table}`, () => insertTexts(schema, table, spec));
    yield [() => ({ template, params: columnArrays(spec, chunk) }), chunk.length];
  }
}

const onConflict = (spec: TableSpec): string => {
  const updated = spec.columns.map(([name]) => name).filter((name) => !spec.key.includes(name));
  if (updated.length === 0) return ' on conflict do nothing';
  return ` on conflict (${spec.key.map(id).join(', ')}) do update set ${updated
    .map((name) => `${id(name)} = excluded.${id(name)}`)
    .join(', ')} where (${updated.map((name) => `t.${id(name)}`).join(', ')}) is distinct from (${updated
    .map((name) => `excluded.${id(name)}`)
    .join(', ')})`;
};

function* upserts(schema: string, table: TableName, rows: readonly object[]): Generator<Sized> {
  const spec = SPECS[table];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const template = templateOf(`upsert\0${schema}\0${table}`, () => insertTexts(schema, table, spec, onConflict(spec)));
    yield [() => ({ template, params: columnArrays(spec, chunk) }), chunk.length];
  }
}

function* deletes(schema: string, table: TableName, keys: readonly object[]): Generator<Sized> {
  const spec = SPECS[table];
  const keyColumns = spec.columns.filter(([name]) => spec.key.includes(name));
  const template = templateOf(`delete\0${schema}\0${table}`, () => {
    const names = keyColumns.map(([n]) => id(n)).join(', ');
    const where = keyColumns.map(([n]) => `t.${id(n)} = k.${id(n)}`).join(' and ');
    return [
      `delete from ${id(schema)}.${id(table)} as t
        using unnest(`,
      ...keyColumns.map(
        ([, type], i) =>
          `::${type}[]${
            i === keyColumns.length - 1
              ? `) as k(${names})
        where ${where}`
              : ', '
          }`,
      ),
    ];
  });
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    yield [() => ({ template, params: columnArrays({ ...spec, columns: keyColumns }, chunk) }), chunk.length];
  }
}

/** Several statements as one: each a data-modifying WITH query of one statement (one round trip). */
const together = (group: readonly Statement[]) => () => {
  const parts = group.map((build) => build());
  return parts.length === 1
    ? render(parts, ([text]) => text)
    : render(parts, (texts) => `with ${texts.map((text, i) => `"w${i}" as (${text})`).join(', ')} select 1`);
};

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
export async function writeChanges(db: Kysely<any>, schema: string, changes: RowChanges): Promise<void> {
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
export async function writeEachUser(trx: Kysely<any>, schema: string, users: readonly UserChanges[]): Promise<RefusedUser[]> {
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
export async function writeUsers(trx: Kysely<any>, schema: string, users: readonly UserChanges[]): Promise<RefusedUser[]> {
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
export async function readCheckpoint(db: Kysely<any>, schema: string): Promise<string | undefined> {
  const row = await (db as Kysely<Database>)
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
export async function saveCheckpoint(db: Kysely<any>, schema: string, position: string, name?: string): Promise<void> {
  await sql.raw(checkpointSql(schema, position, name)).execute(db);
}

/** COPY text format: backslash, newline, carriage return and tab are escaped; NULL is \N. */
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIALS = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyEscape = (text: string) => (COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]) : text);

/** One column value in COPY's text format. */
export const copyField = (value: unknown, type: PgType): string => {
  if (value === null || value === undefined) return '\\N';
  if (type === 'text') return copyEscape(value as string);
  if (type === 'jsonb') return copyEscape(JSON.stringify(value));
  if (type === 'timestamptz') return value instanceof Date ? value.toISOString() : copyEscape(String(value));
  return String(value);
};

/** The rows as COPY text, a chunk of rows at a time. */
function* copyText(spec: TableSpec, rows: readonly object[]): Generator<Buffer> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    let text = '';
    for (let r = i; r < Math.min(i + CHUNK, rows.length); r++) {
      const values = rows[r] as Record<string, unknown>;
      for (let c = 0; c < spec.columns.length; c++) {
        const [name, type] = spec.columns[c];
        text += `${c === 0 ? '' : '\t'}${copyField(values[name], type)}`;
      }
      text += '\n';
    }
    yield Buffer.from(text);
  }
}

const copyRows = async (client: pg.ClientBase, schema: string, table: TableName, rows: readonly object[]) => {
  const spec = SPECS[table];
  const columns = spec.columns.map(([name]) => `"${name}"`).join(', ');
  await pipeline(Readable.from(copyText(spec, rows)), client.query(copyFrom(`COPY "${schema}"."${table}" (${columns}) FROM STDIN`)));
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
 */
export async function writeChangesByCopy(
  client: pg.ClientBase,
  schema: string,
  changes: RowChanges,
  position: string,
  options: { emptyTables?: boolean; checkpoint?: string } = {},
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
        await copyRows(client, schema, table, added);
        if (rekey) await client.query(`ALTER TABLE "${schema}"."${table}" ADD CONSTRAINT "${rekey.name}" ${rekey.definition}`);
      }
      for (const [build] of upserts(schema, table, changed)) await run(together([build])());
    }
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
export async function beginLiveBatch(conn: Kysely<any>, lock: string): Promise<void> {
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
export async function commitLiveBatch(conn: Kysely<any>, schema: string, name: string, position: string, payload: string): Promise<void> {
  await sql
    .raw(
      `${checkpointSql(schema, position, name)};
      select pg_notify(${literal(NOTIFY_CHANNEL)}, ${literal(payload)});
      commit`,
    )
    .execute(conn);
}

/** The users the projector has set aside (projection_failures). */
export async function readSetAsideUsers(db: Kysely<any>, schema: string): Promise<string[]> {
  const rows = await (db as Kysely<Database>).withSchema(schema).selectFrom('projection_failures').select('user_id').execute();
  return rows.map((r) => r.user_id);
}

/** Tells LISTENers (query-api) that the set of users set aside changed; delivered on commit. */
export async function notifyFailures(db: Kysely<any>): Promise<void> {
  await sql`select pg_notify(${FAILURES_CHANNEL}, '')`.execute(db);
}

/** Tells LISTENers (query-api waiting for X-Min-Position) the new position; delivered on commit. */
export async function notifyPosition(db: Kysely<any>, position: string): Promise<void> {
  await sql`select pg_notify(${NOTIFY_CHANNEL}, ${position})`.execute(db);
}

/**
 * Guards every write of the live `read` schema: each live batch takes it shared (projector
 * partitions write side by side: each their own users' rows); a rebuild's final catch-up and swap
 * and a retry take it exclusive, inside their transaction (`pg_advisory_xact_lock`).
 */
export const READ_MODELS_LOCK = 0x62745f72656164n; // "bt_read"

/** Takes READ_MODELS_LOCK exclusive in the caller's transaction (a live batch takes it shared: beginLiveBatch). */
export async function lockReadModels(db: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(READ_MODELS_LOCK.toString())}::bigint)`.execute(db);
}
