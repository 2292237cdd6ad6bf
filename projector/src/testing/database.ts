import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '@bt/event-store';
import { bulkInsertEvents, type BulkEvent } from '@bt/event-store/testing';
import { type Column, type Database, revivedRemovedRow, TABLES, type TableName, type UserReadModels } from '@bt/read-models';
import { loadedReadModels } from '@bt/read-models/testing';
import { PROJECTED_TABLES } from '../db/writer';
import { toNewEvent, type GeneratedEvent } from './generate';

/** Appends generated events one by one, as commands would. */
export async function appendAll(store: EventStore, events: readonly GeneratedEvent[]): Promise<void> {
  let i = 0;
  for (const generated of events) await store.append(generated.streamId, [toNewEvent(generated, i++)], 'any');
}

/** Writes generated events straight into the Postgres store's tables, `chunk` per transaction. */
export async function bulkAppend(pool: pg.Pool, events: readonly GeneratedEvent[], schema = 'eventstore', chunk = 20_000): Promise<void> {
  const revisions = new Map<string, number>();
  const rows: BulkEvent[] = events.map((e, i) => {
    const revision = (revisions.get(e.streamId) ?? -1) + 1;
    revisions.set(e.streamId, revision);
    return { ...toNewEvent(e, i), streamId: e.streamId, revision };
  });
  for (let i = 0; i < rows.length; i += chunk) await bulkInsertEvents(pool, schema, rows.slice(i, i + chunk));
}

/** A table's rows in key order, text in byte order: the same order in every schema, whatever its collation. */
const keyOrder = (table: TableName) => {
  const { key, columns } = TABLES[table];
  return sql.join(
    key.map((column) =>
      (columns as Record<string, Column>)[column].type === 'text' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column),
    ),
  );
};

/** Every row of every read-model table in `schema`, in key order (for row-for-row comparisons). */
export async function snapshotTables(db: QueryExecutorProvider, schema: string): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of PROJECTED_TABLES) {
    const { rows } = await sql`select * from ${sql.id(schema, table)} order by ${keyOrder(table)}`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}

/**
 * What the tables of `schema` hold for one user, in replayUser's shape and order: each read model's
 * rows read here, in the order its readers list them; a model not read here (a new one) is loaded
 * and replayed (loadedReadModels).
 */
export async function userRowsFromTables(db: Kysely<Database>, schema: string, userId: string): Promise<UserReadModels> {
  const s = db.withSchema(schema);
  const read = {
    user: (await s.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()) ?? null,
    bets: await s
      .selectFrom('bets')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    parlays: await s
      .selectFrom('parlays')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    bankroll: (await s.selectFrom('bankroll').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null,
    userStats: (await s.selectFrom('user_stats').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null,
    daily: await s.selectFrom('daily').selectAll().where('user_id', '=', userId).orderBy('date').execute(),
    sportDistribution: await s
      .selectFrom('sport_distribution')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy(sql`sport collate "C"`)
      .execute(),
    streaks: (await s.selectFrom('streaks').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null,
    goals: await s.selectFrom('goals').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    journalEntries: await s
      .selectFrom('journal_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    userStreams: await s
      .selectFrom('user_streams')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy(sql`stream_id collate "C"`)
      .execute(),
    settings: (await s.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null,
    analyticsDaily: await s.selectFrom('analytics_daily').selectAll().where('user_id', '=', userId).orderBy('date').execute(),
    analyticsMonthly: await s
      .selectFrom('analytics_monthly')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy(sql`month collate "C"`)
      .execute(),
    analyticsTotals: await s.selectFrom('analytics_totals').selectAll().where('user_id', '=', userId).execute(),
    analyticsStakes: await s
      .selectFrom('analytics_stakes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy(sql`amount collate "C"`)
      .execute(),
    bankrollEntries: await s.selectFrom('bankroll_entries').selectAll().where('user_id', '=', userId).orderBy('revision', 'desc').execute(),
    removedRows: (
      await s
        .selectFrom('removed_rows')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('removed_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map(revivedRemovedRow),
  } satisfies Partial<UserReadModels>;
  const rowsOf = async (table: TableName, owner: string) =>
    (await sql<object>`select * from ${sql.id(schema, table)} where ${sql.ref(owner)} = ${userId}`.execute(db)).rows;
  return { ...(await loadedReadModels(userId, rowsOf, Object.keys(read))), ...read } as UserReadModels;
}
