import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { comparePositions, mergeByPosition, parsePosition, type EventStore, type Position, type RecordedEvent } from '@bt/event-store';
import { historyPage, MESSAGES, type BetsPage } from '@bt/contracts';
import { HttpError } from '@bt/platform';
import {
  userCheckpoint,
  type CheckpointRow,
  PROJECTION_VERSION,
  READ_SCHEMA,
  readNearestSnapshot,
  ReplayFailed,
  replayUserInSlices,
  sortablePosition,
  type DailyRow,
  type GoalRow,
  type SportDistributionRow,
  type StreaksRow,
  type UserReadModels,
  type UserStatsRow,
} from '@bt/read-models';
import { betRowFromTable } from './queries/get-bets';
import { readModels, type ReadDatabase } from './read-db';
import { belongsTo, readUserEvents } from './read-streams';
import { userStreamIds } from './user-streams';

/**
 * The user's read-model rows as they stood at `asOf`: their events recorded up to then (the
 * command's `occurredAt`, which survives a move between event stores, unlike the store's own
 * timestamp), folded in memory by the projector's own code, in slices so the server answers
 * others meanwhile. The fold starts from the user's latest snapshot whose events were all recorded
 * by `asOf` (the projector keeps them, tagged with its code's version), and reads only the events
 * after it: of the streams written after it (`snapshot_streams`), or of every stream of the user
 * when the projector has not kept their streams' positions; without a usable snapshot, from the
 * first event (100,000 bets, ~210,000 events: ~2.5 s). The caller formats the rows with the same
 * functions as the live tables.
 */
export async function replayAsOf(
  { db, pool }: ReadConnections,
  store: EventStore,
  userId: string,
  asOf: Date,
  { snapshots = true, readModels }: { snapshots?: boolean; readModels?: readonly (keyof UserReadModels)[] } = {},
): Promise<UserReadModels> {
  const snapshot = snapshots ? await readNearestSnapshot(pool, READ_SCHEMA, userId, asOf) : undefined;
  const after = snapshot && parsePosition(snapshot.position);
  const events =
    (after && (await eventsAfterSnapshot(db, store, userId, after, asOf))) ??
    // Every id is held anyway (one batched read): large pages, not a round trip per 1,000 streams.
    (await readUserEvents(store, userId, await userStreamIds(db, userId, REPLAY_STREAM_PAGE), after));
  try {
    return await replayUserInSlices(events, { userId, recordedUntil: asOf, snapshot: after ? snapshot.state : undefined, readModels });
  } catch (error) {
    if (error instanceof ReplayFailed) throw new HttpError(503, MESSAGES.replayUnavailable, { cause: error });
    throw error;
  }
}

const REPLAY_STREAM_PAGE = 50_000;

/** Most events of the log after the read models' checkpoint read for a replay; beyond, every stream of the user is read. */
const REPLAY_TAIL_EVENTS = 5000;

/**
 * The user's events after `after` (a snapshot's position), read from only the streams written
 * after it whose earliest event was recorded by `asOf` (a stream whose every event was recorded
 * after the instant gives the fold nothing: each would be dropped once read): the same events
 * the fold keeps as reading every stream of the user after it would give. One statement, so one
 * instant, says whether the projector kept the positions of every stream of this user (their mark
 * of this code: set aside users have none), which streams were written after the position, and up
 * to where (the checkpoint). Events after the checkpoint, not projected yet, are looked for in the
 * log's tail and kept when their stream is one of the user's noted streams, as a read of every
 * noted stream would. Undefined: the positions are not kept for this user, or the tail is long
 * (the projector is far behind): the caller reads every stream.
 */
async function eventsAfterSnapshot(
  db: Kysely<ReadDatabase>,
  store: EventStore,
  userId: string,
  after: Position,
  asOf: Date,
): Promise<RecordedEvent[] | undefined> {
  const table = (name: string) => sql.id(READ_SCHEMA, name);
  const { rows } = await sql<{ tracked: boolean; streams: string[]; checkpoints: CheckpointRow[] }>`
    select
      exists (select 1 from ${table('snapshot_marks')} where user_id = ${userId} and version = ${PROJECTION_VERSION}) as tracked,
      -- As JSON, not a text[]: node-postgres parses an array of 5,000 ids character by character (15-20 ms).
      (select coalesce(json_agg(stream_id), '[]') from ${table('snapshot_streams')} where user_id = ${userId} and position > ${sortablePosition(after)}
        and (earliest_recorded is null or earliest_recorded <= ${asOf})) as streams,
      array(select json_build_object('name', name, 'position', position, 'updated_at', updated_at) from ${table('checkpoints')}) as checkpoints`.execute(
    db,
  );
  const { tracked, streams, checkpoints } = rows[0];
  // With partitions, the checkpoint of the one that owns the user (one projector: its only row).
  const checkpoint = userCheckpoint(checkpoints, userId);
  const projected = checkpoint === undefined ? undefined : parsePosition(checkpoint);
  if (!tracked || projected === undefined) return undefined;
  // The log after what the projector has folded: events of the user's noted streams not listed above.
  const from = comparePositions(projected, after) > 0 ? projected : after;
  const [listedEvents, logTail] = await Promise.all([
    readUserEvents(store, userId, streams, after),
    store.readAll({ after: from, maxCount: REPLAY_TAIL_EVENTS }),
  ]);
  if (logTail.length >= REPLAY_TAIL_EVENTS) return undefined;
  let tail: RecordedEvent[] = [];
  const listed = new Set(streams);
  const candidates = logTail.filter((event) => belongsTo(event, userId) && !listed.has(event.streamId));
  if (candidates.length > 0) {
    const noted = new Set(
      (
        await readModels(db)
          .selectFrom('user_streams')
          .select('stream_id')
          .where('user_id', '=', userId)
          .where('stream_id', 'in', [...new Set(candidates.map((event) => event.streamId))])
          .execute()
      ).map((row) => row.stream_id),
    );
    tail = candidates.filter((event) => noted.has(event.streamId));
  }
  return mergeByPosition([listedEvents, tail]);
}

/** The read models' database: its query builder, and its pool for what the builder cannot do (a binary COPY). */
export interface ReadConnections {
  db: Kysely<ReadDatabase>;
  pool: pg.Pool;
}

/** What an asOf read asks a replay for: the stats rows (days from `daysFrom` on, all when absent), the streaks row or the goals rows. */
export type ReplayRequest =
  | { userId: string; asOf: Date; rows: 'stats'; daysFrom?: string }
  | { userId: string; asOf: Date; rows: 'streaks' }
  | { userId: string; asOf: Date; rows: 'goals' }
  | { userId: string; asOf: Date; rows: 'betsPage'; view: Parameters<typeof historyPage>[1]; today: string };

/** Only the rows the request names: all a worker posts back to the main thread. */
export type ReplayAnswer =
  | { rows: 'stats'; totals: UserStatsRow | undefined; days: DailyRow[]; sports: SportDistributionRow[] }
  | { rows: 'streaks'; streaks: StreaksRow | undefined }
  | { rows: 'goals'; goals: GoalRow[] }
  | { rows: 'betsPage'; page: BetsPage };

/** The read models each request reads: a replay folds only them and what they derive from (no analytics, for one). */
const READ_MODELS_OF = {
  stats: ['userStats', 'daily', 'sportDistribution'],
  streaks: ['streaks'],
  goals: ['goals'],
  betsPage: ['bets'],
} as const satisfies Record<ReplayRequest['rows'], readonly (keyof UserReadModels)[]>;

/**
 * Replays and keeps only what the request names, so a worker posts back a few rows rather than the
 * user's whole history. The replay folds only the read models the answer reads (and what they
 * derive from), and its lists are built when first read, so the others cost nothing.
 */
export async function replayRows(read: ReadConnections, store: EventStore, request: ReplayRequest): Promise<ReplayAnswer> {
  const rows = await replayAsOf(read, store, request.userId, request.asOf, { readModels: READ_MODELS_OF[request.rows] });
  if (request.rows === 'streaks') return { rows: 'streaks', streaks: rows.streaks ?? undefined };
  if (request.rows === 'goals') return { rows: 'goals', goals: rows.goals };
  // One page (the same rules as the live page), so a worker posts back a few rows, not the history.
  if (request.rows === 'betsPage')
    return { rows: 'betsPage', page: historyPage(rows.bets.map(betRowFromTable), request.view, request.today) };
  const { daysFrom } = request;
  return {
    rows: 'stats',
    totals: rows.userStats ?? undefined,
    days: daysFrom === undefined ? rows.daily : rows.daily.filter((day) => day.date >= daysFrom),
    sports: rows.sportDistribution,
  };
}
