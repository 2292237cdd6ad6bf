import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateSchema, type SchemaMigration } from '@bt/platform';
import { unwrapKey, wrapKey } from './cipher';
import * as userKeys001 from './migrations/2026-11-28-001-user-keys';

/**
 * The master keys by version: the highest wraps new data keys, every one unwraps what it wrapped.
 * Text form (DATA_KEYS_MASTER, `.data/data-keys-master`): `version:base64url-32-bytes`, comma-separated.
 */
export interface MasterKeys {
  current: number;
  keys: ReadonlyMap<number, Buffer>;
}

export function parseMasterKeys(text: string): MasterKeys {
  const keys = new Map<number, Buffer>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,6}):([A-Za-z0-9_-]{43}=?)$/.exec(part);
    if (!match) throw new Error('A master key is "<version>:<32 bytes as base64url>", versions comma-separated');
    const key = Buffer.from(match[2], 'base64url');
    if (key.length !== 32) throw new Error(`Master key version ${match[1]} is not 32 bytes`);
    keys.set(Number(match[1]), key);
  }
  if (keys.size === 0) throw new Error('No master key given');
  return { current: Math.max(...keys.keys()), keys };
}

/** A new master key's text at `version`, for a file or DATA_KEYS_MASTER. */
export const newMasterKey = (version = 1): string => `${version}:${randomBytes(32).toString('base64url')}`;

/** A user's data key: absent when none was made yet, `destroyed` once the account was deleted. */
export type DataKey = Buffer | 'destroyed' | undefined;

/**
 * The users' data keys (schema `keys`, never in the event log): 256 random bits per user, kept
 * wrapped by a master key. Destroying one (the account's deletion) leaves a row without the key,
 * so a copy of the log appended again never makes a new key for the user.
 */
export interface KeyStore {
  /** The user's key for new events, made on first need; `destroyed` once deleted. */
  keyFor(userId: string): Promise<Buffer | 'destroyed'>;
  /** The keys of these users in one read, each unwrapped once. */
  keysOf(userIds: readonly string[]): Promise<Map<string, DataKey>>;
  /** Destroys the user's key for good: every encrypted field of theirs reads as "[deleted]". */
  destroy(userId: string): Promise<void>;
  /** Wraps every key not wrapped by the current master key again with it; answers how many. */
  rewrap(): Promise<number>;
  close(): Promise<void>;
}

interface Row {
  user_id: string;
  version: number | null;
  wrapped: Buffer | null;
}

const MIGRATIONS: Record<string, SchemaMigration> = { '2026-11-28-001-user-keys': userKeys001 };
const SCHEMA = 'keys';

export async function createKeyStore(options: { connectionString: string; master: MasterKeys; poolSize?: number }): Promise<KeyStore> {
  const { master } = options;
  const pool = new pg.Pool({ connectionString: options.connectionString, application_name: 'bt-keys', max: options.poolSize ?? 4 });
  pool.on('error', () => undefined);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await migrateSchema(db, SCHEMA, MIGRATIONS);

  const unwrap = (row: Row): DataKey => {
    if (row.wrapped === null || row.version === null) return 'destroyed';
    const masterKey = master.keys.get(row.version);
    if (!masterKey) throw new Error(`The data key of user ${row.user_id} is wrapped by master key version ${row.version}, not given`);
    return unwrapKey(masterKey, row.wrapped, row.user_id);
  };
  const read = async (userIds: readonly string[]) =>
    (await pool.query<Row>('select user_id, version, wrapped from keys.user_keys where user_id = any($1::uuid[])', [userIds])).rows;

  return {
    async keyFor(userId) {
      const fresh = randomBytes(32);
      const wrapped = wrapKey(master.keys.get(master.current)!, fresh, userId);
      await pool.query('insert into keys.user_keys (user_id, version, wrapped) values ($1, $2, $3) on conflict (user_id) do nothing', [
        userId,
        master.current,
        wrapped,
      ]);
      const [row] = await read([userId]);
      return unwrap(row) as Buffer | 'destroyed';
    },

    async keysOf(userIds) {
      const keys = new Map<string, DataKey>();
      if (userIds.length === 0) return keys;
      for (const row of await read([...new Set(userIds)])) keys.set(row.user_id, unwrap(row));
      return keys;
    },

    async destroy(userId) {
      await pool.query(
        `insert into keys.user_keys (user_id, version, wrapped, destroyed_at) values ($1, null, null, now())
         on conflict (user_id) do update set version = null, wrapped = null, destroyed_at = now()`,
        [userId],
      );
    },

    async rewrap() {
      const { rows } = await pool.query<Row>(
        'select user_id, version, wrapped from keys.user_keys where wrapped is not null and version <> $1',
        [master.current],
      );
      for (const row of rows) {
        const key = unwrap(row) as Buffer;
        await sql`update keys.user_keys set version = ${master.current}, wrapped = ${wrapKey(master.keys.get(master.current)!, key, row.user_id)}
          where user_id = ${row.user_id} and version = ${row.version}`.execute(db);
      }
      return rows.length;
    },

    close: () => db.destroy(),
  };
}
