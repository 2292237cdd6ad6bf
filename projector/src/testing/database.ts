import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '@bt/event-store/port';
import type { Database } from '../db/schema';
import { PROJECTED_TABLES } from '../db/writer';
import type { UserReadModels } from '../projections/rows';
import { toNewEvent, type GeneratedEvent } from './generate';

/** Appends generated events one by one, as commands would. */
export async function appendAll(store: EventStore, events: readonly GeneratedEvent[]): Promise<void> {
  let i = 0;
  for (const generated of events) await store.append(generated.streamId, [toNewEvent(generated, i++)], 'any');
}

/**
 * Writes generated events straight into the Postgres store's tables in large multi-row inserts
 * (for volumes that would take minutes through append). One transaction per chunk.
 */
export async function bulkAppend(pool: pg.Pool, events: readonly GeneratedEvent[], schema = 'eventstore', chunk = 20_000): Promise<void> {
  const revisions = new Map<string, number>();
  for (let i = 0; i < events.length; i += chunk) {
    const slice = events.slice(i, i + chunk);
    const rev = slice.map((e) => {
      const r = (revisions.get(e.streamId) ?? -1) + 1;
      revisions.set(e.streamId, r);
      return r;
    });
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into ${schema}.events (stream_id, revision, id, type, data, metadata)
         select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])`,
        [
          slice.map((e) => e.streamId),
          rev,
          slice.map(() => randomUUID()),
          slice.map((e) => e.event.type),
          slice.map((e) => JSON.stringify(e.event.data)),
          slice.map((e, j) => JSON.stringify(toNewEvent(e, i + j).metadata)),
        ],
      );
      await client.query('commit');
    } finally {
      client.release();
    }
  }
  const streamIds = [...revisions.keys()];
  await pool.query(
    `insert into ${schema}.streams (stream_id, revision) select * from unnest($1::text[], $2::bigint[])
     on conflict (stream_id) do update set revision = excluded.revision`,
    [streamIds, streamIds.map((s) => revisions.get(s)!)],
  );
}

const ORDER: Record<string, string> = {
  users: 'id', bets: 'id', parlays: 'id', bankroll: 'user_id', user_stats: 'user_id', daily: 'user_id, date',
  sport_distribution: 'user_id, sport collate "C"', streaks: 'user_id', goals: 'id', journal_entries: 'id',
  user_streams: 'user_id, stream_id collate "C"',
};

/** Every row of every read-model table in `schema`, in key order (for row-for-row comparisons). */
export async function snapshotTables(db: Kysely<any>, schema: string): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of PROJECTED_TABLES) {
    const { rows } = await sql`select * from ${sql.id(schema, table)} order by ${sql.raw(ORDER[table])}`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}

/** What the tables of `schema` hold for one user, in replayUser's shape and order. */
export async function userRowsFromTables(db: Kysely<Database>, schema: string, userId: string): Promise<UserReadModels> {
  const s = db.withSchema(schema);
  return {
    user: (await s.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()) ?? null,
    bets: await s.selectFrom('bets').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    parlays: await s.selectFrom('parlays').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    bankroll: (await s.selectFrom('bankroll').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null,
    userStats: (await s.selectFrom('user_stats').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null,
    daily: await s.selectFrom('daily').selectAll().where('user_id', '=', userId).orderBy('date').execute(),
    sportDistribution: await s.selectFrom('sport_distribution').selectAll().where('user_id', '=', userId).orderBy(sql`sport collate "C"`).execute(),
    streaks: (await s.selectFrom('streaks').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null,
    goals: await s.selectFrom('goals').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    journalEntries: await s.selectFrom('journal_entries').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    userStreams: await s.selectFrom('user_streams').selectAll().where('user_id', '=', userId).orderBy(sql`stream_id collate "C"`).execute(),
  };
}
