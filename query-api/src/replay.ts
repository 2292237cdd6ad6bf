import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { comparePositions, mergeByPosition, parsePosition, type EventStore, type Position, type RecordedEvent } from '@bt/event-store';
import {
  type AsOfReading,
  dayOf,
  filterHistoryRows,
  historyPage,
  historyTotals,
  MESSAGES,
  streams as streamNames,
  type BetsPage,
  type BetsTotals,
  type HistoryFilters,
} from '@bt/contracts';
import { HttpError } from '@bt/platform';
import {
  userCheckpoint,
  type CheckpointRow,
  PROJECTION_VERSION,
  READ_SCHEMA,
  readNearestSnapshot,
  ReplayFailed,
  replayUserInSlices,
  occurredAt,
  sortablePosition,
  type BankrollRow,
  type DailyRow,
  type GoalRow,
  type SportDistributionRow,
  type StreaksRow,
  type UserReadModels,
  type UserStatsRow,
} from '@bt/read-models';
import { betRowFromTable } from './queries/bet-row';
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
  {
    snapshots = true,
    readModels,
    reading = 'recorded',
  }: { snapshots?: boolean; readModels?: readonly (keyof UserReadModels)[]; reading?: AsOfReading } = {},
): Promise<UserReadModels> {
  if (reading === 'dated') return replayDated(db, store, userId, asOf, readModels);
  const snapshot = snapshots ? await readNearestSnapshot(pool, READ_SCHEMA, userId, asOf) : undefined;
  const after = snapshot && parsePosition(snapshot.position);
  const events =
    (after && (await eventsAfterSnapshot(db, store, userId, after, asOf))) ??
    // Every id is held anyway (one batched read): large pages, not a round trip per 1,000 streams.
    (await readUserEvents(store, userId, await userStreamIds(db, userId, REPLAY_STREAM_PAGE), after));
  return fold(events, { userId, recordedUntil: asOf, snapshot: after ? snapshot.state : undefined, readModels });
}

const fold = async (events: readonly RecordedEvent[], options: Parameters<typeof replayUserInSlices>[1]) => {
  try {
    return await replayUserInSlices(events, options);
  } catch (error) {
    if (error instanceof ReplayFailed) throw new HttpError(503, MESSAGES.replayUnavailable, { cause: error });
    throw error;
  }
};

/**
 * The "bets dated up to that day" reading: today's record of the bets and parlays whose own date
 * (as the live `bets` rows hold it now) is on or before asOf's UTC day, with the deposits and
 * withdrawals recorded by asOf, and everything else as it stands now. Every event recorded so far
 * is folded (no snapshot holds exactly these), less the streams of the bets dated later: the same
 * projection code as the live tables, so every figure (stats, streaks, goals, bankroll) follows.
 */
async function replayDated(
  db: Kysely<ReadDatabase>,
  store: EventStore,
  userId: string,
  asOf: Date,
  only: readonly (keyof UserReadModels)[] | undefined,
): Promise<UserReadModels> {
  const later = await readModels(db)
    .selectFrom('bets')
    .select(['id', 'kind'])
    .where('user_id', '=', userId)
    .where('date', '>', dayOf(asOf))
    .execute();
  const dropped = new Set(later.map((row) => (row.kind === 'parlay' ? streamNames.parlay(row.id) : streamNames.bet(row.id))));
  const bankroll = streamNames.bankroll(userId);
  const events = (await readUserEvents(store, userId, await userStreamIds(db, userId, REPLAY_STREAM_PAGE))).filter(
    (event) => !dropped.has(event.streamId) && (event.streamId !== bankroll || occurredAt(event) <= asOf),
  );
  return fold(events, { userId, readModels: only });
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

/**
 * Each kind of asOf replay: what it asks for besides the user and the instant, and the rows it
 * answers. The request and the answer types below are read off this one map, so a read that asks
 * for one kind is typed to get that kind's rows back.
 */
interface Replays {
  /** The stats rows: days from `daysFrom` on (all when absent). */
  stats: { ask: { daysFrom?: string }; rows: { totals: UserStatsRow | undefined; days: DailyRow[]; sports: SportDistributionRow[] } };
  streaks: { ask: object; rows: { streaks: StreaksRow | undefined } };
  goals: { ask: object; rows: { goals: GoalRow[] } };
  /** One page of Bet History, the periods counted back from `today`. */
  betsPage: { ask: { view: Parameters<typeof historyPage>[1]; today: string }; rows: { page: BetsPage } };
  /** The totals of the rows Bet History's filters keep, the periods counted back from `today`. */
  betsTotals: { ask: { filters: HistoryFilters; today: string }; rows: { totals: BetsTotals } };
  bankroll: { ask: object; rows: { bankroll: BankrollRow | undefined } };
}

export type ReplayKind = keyof Replays;

/** What to replay, besides the user and the instant: the kind (`rows`) and its parameters. */
export type ReplayAsk<K extends ReplayKind = ReplayKind> = { [P in K]: { rows: P } & Replays[P]['ask'] }[K];

/** What an asOf read asks a replay for. */
export type ReplayRequest<K extends ReplayKind = ReplayKind> = ReplayAsk<K> & { userId: string; asOf: Date; reading?: AsOfReading };

/** Only the rows the request names: all a worker posts back to the main thread. */
export type ReplayAnswer<K extends ReplayKind = ReplayKind> = Replays[K]['rows'];

/** Replays a request of any kind, answered with that kind's rows. */
export type Replay = <K extends ReplayKind>(request: ReplayRequest<K>) => Promise<ReplayAnswer<K>>;

/**
 * For each kind: the read models a replay folds (only them and what they derive from: no
 * analytics, for one), and the rows it keeps of them.
 */
const REPLAYS: {
  [K in ReplayKind]: {
    readModels: readonly (keyof UserReadModels)[];
    rows(models: UserReadModels, request: ReplayRequest<K>): ReplayAnswer<K>;
  };
} = {
  stats: {
    readModels: ['userStats', 'daily', 'sportDistribution'],
    rows: (models, { daysFrom }) => ({
      totals: models.userStats ?? undefined,
      days: daysFrom === undefined ? models.daily : models.daily.filter((day) => day.date >= daysFrom),
      sports: models.sportDistribution,
    }),
  },
  streaks: { readModels: ['streaks'], rows: (models) => ({ streaks: models.streaks ?? undefined }) },
  goals: { readModels: ['goals'], rows: (models) => ({ goals: models.goals }) },
  // One page (the same rules as the live page), so a worker posts back a few rows, not the history.
  betsPage: {
    readModels: ['bets'],
    rows: (models, { view, today }) => ({ page: historyPage(models.bets.map(betRowFromTable), view, today) }),
  },
  betsTotals: {
    readModels: ['bets'],
    rows: (models, { filters, today }) => ({ totals: historyTotals(filterHistoryRows(models.bets.map(betRowFromTable), filters, today)) }),
  },
  bankroll: { readModels: ['bankroll'], rows: (models) => ({ bankroll: models.bankroll ?? undefined }) },
};

/**
 * Replays and keeps only what the request names, so a worker posts back a few rows rather than the
 * user's whole history. The replay folds only the read models the answer reads (and what they
 * derive from), and its lists are built when first read, so the others cost nothing.
 */
export async function replayRows<K extends ReplayKind>(
  read: ReadConnections,
  store: EventStore,
  request: ReplayRequest<K>,
): Promise<ReplayAnswer<K>> {
  const replay = REPLAYS[request.rows];
  const models = await replayAsOf(read, store, request.userId, request.asOf, { readModels: replay.readModels, reading: request.reading });
  return replay.rows(models, request);
}
