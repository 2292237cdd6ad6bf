import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { sessionGenerationOf, streams } from '@bt/contracts';
import { createListenedCache, type Versioned } from './listened-cache';
import { migrateSchema, type SchemaMigration } from './migrate-schema';
import * as authSessions001 from './migrations/2026-11-23-001-auth-sessions';

/** The channel command-api NOTIFYs with "<userId>:<generation>" when a user's sessions are revoked. */
export const SESSIONS_CHANNEL = 'sessions';

/**
 * Which sessions are still good, for every process that verifies tokens (command-api and
 * query-api, any number of replicas). `auth.sessions` holds each user's session generation, written
 * by command-api before it appends the SessionsRevoked event (so a failed append errs on the side
 * of logging out, never of keeping a revoked token alive). Each process caches generations and
 * keeps the cache fresh by LISTEN on SESSIONS_CHANNEL (`createListenedCache`): a request costs no
 * query unless its user is not cached. A user with no row (registered before the table existed) is
 * looked up in their stream.
 */
export interface SessionRegistry {
  /** The user's session generation; undefined when there is no such user. */
  generation(userId: string): Promise<number | undefined>;
  /** Raises the user's generation to `generation` (never lowers it) and tells every process. */
  revoke(userId: string, generation: number): Promise<void>;
  /** A newly registered user (generation 0), after their UserRegistered is appended. */
  registered(userId: string): Promise<void>;
  /** Ends the LISTEN connection. */
  close(): Promise<void>;
}

export interface SessionRegistryOptions<DB> {
  /** Any handle on the database: the registry runs raw SQL on `auth.sessions`, which it migrates itself. */
  db: Kysely<DB>;
  /** Reads a stream of the event log (the fallback for users without a row). */
  readStream: (streamId: string) => Promise<readonly { type: string; data: unknown }[]>;
  /** A new, unconnected client for the one LISTEN connection; without it nothing is cached. */
  newClient?: () => pg.Client;
  /** Users whose generation a process keeps (default 100,000). */
  cacheSize?: number;
}

/** Schema `auth`'s migrations in order; date-prefixed names. Append, never edit a landed one. */
const AUTH_MIGRATIONS: Record<string, SchemaMigration> = {
  '2026-11-23-001-auth-sessions': authSessions001,
};

/** Creates schema `auth` and its table when missing; safe to run concurrently and repeatedly. */
export const migrateSessions = async <DB>(db: Kysely<DB>): Promise<void> => {
  await migrateSchema(db, 'auth', AUTH_MIGRATIONS);
};

const NOTIFICATION = /^([0-9a-f-]{36}):(\d+)$/;

export const createSessionRegistry = <DB>(options: SessionRegistryOptions<DB>): SessionRegistry => {
  const { db } = options;
  const cache = createListenedCache<number>({
    newClient: options.newClient,
    channel: SESSIONS_CHANNEL,
    parse: (payload) => {
      const match = NOTIFICATION.exec(payload);
      return match ? [match[1], { version: Number(match[2]), value: Number(match[2]) }] : undefined;
    },
    max: options.cacheSize ?? 100_000,
  });
  let migrated: Promise<void> | undefined;
  const ready = () =>
    (migrated ??= migrateSessions(db).catch((error) => {
      migrated = undefined;
      throw error;
    }));

  const readRow = async (userId: string): Promise<number | undefined> => {
    await ready();
    const { rows } = await sql<{ generation: number }>`SELECT generation FROM auth.sessions WHERE user_id = ${userId}`.execute(db);
    return rows[0]?.generation;
  };

  const upsert = (userId: string, generation: number) =>
    sql`INSERT INTO auth.sessions (user_id, generation) VALUES (${userId}, ${generation})
        ON CONFLICT (user_id) DO UPDATE SET generation = GREATEST(auth.sessions.generation, EXCLUDED.generation), updated_at = now()`.execute(
      db,
    );

  const read = async (userId: string): Promise<Versioned<number> | undefined> => {
    let generation = await readRow(userId);
    if (generation === undefined) {
      generation = sessionGenerationOf(await options.readStream(streams.user(userId)));
      if (generation === undefined) return undefined;
      // So the next miss (another process, a cleared cache) is one indexed read.
      await upsert(userId, generation);
    }
    return { version: generation, value: generation };
  };

  return {
    generation: (userId) => cache.get(userId, () => read(userId)),

    async revoke(userId, generation) {
      await ready();
      await sql`WITH up AS (
          INSERT INTO auth.sessions (user_id, generation) VALUES (${userId}, ${generation})
          ON CONFLICT (user_id) DO UPDATE SET generation = GREATEST(auth.sessions.generation, EXCLUDED.generation), updated_at = now()
          RETURNING user_id, generation)
        SELECT pg_notify(${SESSIONS_CHANNEL}, user_id::text || ':' || generation) FROM up`.execute(db);
      // This process need not wait for its own notification.
      cache.advance(userId, { version: generation, value: generation });
    },

    async registered(userId) {
      await ready();
      await upsert(userId, 0);
    },

    close: () => cache.close(),
  };
};
