import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { checkpointName, fnv1a, type Database, type Partition } from '@bt/read-models';

/**
 * Hot standby: the one process allowed to write a partition holds a session-level Postgres advisory
 * lock on a connection of its own; another process started for the same partition blocks on that
 * lock and takes over as soon as Postgres releases it (the holder's connection closed: it stopped,
 * crashed or was SIGKILLed). Every batch transaction checks, with the partition's batch lock held,
 * that this process's lock connection still holds the lock: a process that lost it can no longer
 * write.
 *
 * The batch lock is an advisory lock rather than the checkpoint row's own (`for update`): locking a
 * row gives the transaction an id at once, and an open transaction with an id holds back every
 * event appended after it from the log's readers (event-store: READABLE). Taken this way, the batch
 * has no id until its first write, so the events appended while it reads and folds are read in the
 * meantime and make up the next batch, rather than waiting for this one's commit to be seen.
 */

/** The write on a partition was lost (its lock connection closed): stop writing, wait for the lock again. */
export class LeaseLost extends Error {}

/** The schema's identity as SQL: a rebuild swaps a new schema in under the same name, with another oid. */
const schemaOidSql = (schema: string) => sql<string | null>`to_regnamespace(${schema})::oid::text`;

/** The oid of `schema` now (null: there is none), which each batch's lockedCheckpoint compares with. */
export const readSchemaOid = async (db: Kysely<Database>, schema: string): Promise<string | null> =>
  (await sql<{ oid: string | null }>`select ${schemaOidSql(schema)} as oid`.execute(db)).rows[0]?.oid ?? null;

/** A non-negative int4 of `text`, for an advisory lock key. */
const hash31 = (text: string): number => fnv1a(text) & 0x7fffffff;

/** The advisory lock keys (two int4, both non-negative) of a partition of the read models in `schema`. */
export const leaseKeys = (schema: string, partition: Partition): { writer: [number, number]; batch: [number, number] } => {
  const space = hash31(`bt_projector:${schema}`);
  const id = hash31(checkpointName(partition));
  return { writer: [space, id], batch: [space ^ 1, id] };
};

/** The statement that takes a partition's batch lock until its transaction ends (every writer of its checkpoint row takes it first). */
export const batchLockSql = (schema: string, partition: Partition): string => {
  const [a, b] = leaseKeys(schema, partition).batch;
  return `select pg_advisory_xact_lock(${a}::int, ${b}::int)`;
};

export class PartitionLease {
  private client: pg.Client | undefined;
  private pid: number | undefined;
  private held = false;
  private closed = false;
  readonly keys: { writer: [number, number]; batch: [number, number] };

  constructor(
    private readonly databaseUrl: string,
    readonly schema: string,
    readonly partition: Partition,
  ) {
    this.keys = leaseKeys(schema, partition);
  }

  get isHeld(): boolean {
    return this.held;
  }

  /** Resolves once this process holds the partition (at once if it already does); `onWait` is called if another holds it now. */
  async acquire(onWait?: () => void): Promise<void> {
    if (this.held) return;
    await this.drop();
    if (this.closed) throw new LeaseLost('stopped');
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const lose = () => {
      if (this.client === client) this.held = false;
    };
    client.on('error', lose);
    client.on('end', lose);
    this.client = client;
    await client.connect();
    this.pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const [a, b] = this.keys.writer;
    const { got } = (await client.query<{ got: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as got', [a, b])).rows[0];
    if (!got) {
      onWait?.();
      await client.query('select pg_advisory_lock($1::int, $2::int)', [a, b]);
    }
    if (this.client !== client || this.closed) throw new LeaseLost('stopped while waiting');
    this.held = true;
  }

  /**
   * In a batch transaction, after the read-models lock and the partition's batch lock (`batchLockSql`,
   * sent with BEGIN: a statement of its own, so this one's snapshot is taken once the lock is held
   * and sees the checkpoint the last holder committed): the partition's checkpoint, after checking
   * that this process still holds the partition (throws LeaseLost). In the same statement (one
   * round trip, not three): the oid of the read models' schema (a rebuild's swap changes it) and
   * the users set aside (a retry may have brought some back) and those an import holds.
   */
  async lockedCheckpoint(
    trx: Kysely<Database>,
  ): Promise<{ position: string | undefined; schemaOid: string | null; setAside: string[]; held: string[] }> {
    const name = checkpointName(this.partition);
    const [a, b] = this.keys.writer;
    const { rows } = await sql<{
      position: string | null;
      held: boolean;
      schema_oid: string | null;
      set_aside: string[];
      holds: string[];
    }>`select
        (select position from ${sql.id(this.schema, 'checkpoints')} where name = ${name}) as position,
        exists (select 1 from pg_locks where locktype = 'advisory' and granted and pid = ${sql.lit(this.pid ?? -1)}
          and database = (select oid from pg_database where datname = current_database())
          and classid = ${sql.lit(a)}::oid and objid = ${sql.lit(b)}::oid and objsubid = 2) as held,
        ${schemaOidSql(this.schema)} as schema_oid,
        array(select user_id::text from ${sql.id(this.schema, 'projection_failures')}) as set_aside,
        array(select user_id::text from ${sql.id(this.schema, 'import_holds')}) as holds`.execute(trx);
    const [row] = rows;
    if (!this.held || !row.held) {
      this.held = false;
      throw new LeaseLost(`partition ${this.partition.index} of ${this.partition.count}: this process no longer holds its lock`);
    }
    return { position: row.position ?? undefined, schemaOid: row.schema_oid, setAside: row.set_aside, held: row.holds };
  }

  /** Lets go of the lock (its connection closes); a standby takes over. */
  async close(): Promise<void> {
    this.closed = true;
    await this.drop();
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    if (client) await client.end().catch(() => undefined);
  }
}
