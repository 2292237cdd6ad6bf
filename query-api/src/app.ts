import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import type { Kysely } from 'kysely';
import pg from 'pg';
import {
  analyticsQuery,
  betsQuery,
  dayOf,
  goalsQuery,
  historyViewOf,
  MESSAGES,
  READ_MODELS_BEHIND_HEADER,
  statsQuery,
  streaksQuery,
} from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import {
  createLogger,
  compressAnswers,
  createSessionRegistry,
  currentUserId,
  errorMiddleware,
  HttpError,
  minPosition,
  NotFoundError,
  opsRoutes,
  readOpsConfig,
  requestLog,
  requireAuth,
  securityHeaders,
  type Logger,
  type SessionRegistry,
} from '@bt/platform';
import {
  CHECKPOINT_NAME,
  FAILURES_CHANNEL,
  HOLDS_CHANNEL,
  NOTIFY_CHANNEL,
  projectorWithin,
  READ_SCHEMA,
  readPartitionCheckpoints,
} from '@bt/read-models';
import { readModels, type ReadDatabase } from './read-db';
import { createPositionWaiter, type PositionWaiter } from './wait-for-position';
import { getImport } from './queries/get-import';
import { createSetAsideUsers, type SetAsideUsers } from './set-aside-users';
import { userStreamIds } from './user-streams';
import { replayRows, type ReplayAnswer, type ReplayRequest } from './replay';
import { createReplayWorkers, type ReplayWorkerOptions, type ReplayWorkers } from './replay-workers';
import { getMe } from './queries/get-me';
import { getBets } from './queries/get-bets';
import { getBetsPage } from './queries/get-bets-page';
import { getDeletedBets } from './queries/get-deleted-bets';
import { getBetChanges } from './queries/get-bet-changes';
import { getParlays } from './queries/get-parlays';
import { getBankroll } from './queries/get-bankroll';
import { getGoals, toGoal } from './queries/get-goals';
import { getJournal } from './queries/get-journal';
import { getSettings } from './queries/get-settings';
import { getAnalytics } from './queries/get-analytics';
import { buildStats, getStats, statsDaysFrom } from './queries/get-stats';
import { getStreaks, toStreakStats } from './queries/get-streaks';
import { exportBetsCsv } from './queries/export-bets-csv';
import { streamUserEvents } from './queries/stream-user-events';
import { DEFAULT_HEAVY_READ_LIMITS, limitHeavyReads, type HeavyReadLimits } from './heavy-reads';

export interface QueryApiDeps {
  /** The read models (schema `read`). */
  db: Kysely<ReadDatabase>;
  /** The pool behind `db`; its connection settings also open the one LISTEN connection. */
  pool: pg.Pool;
  /** The event store: a bet's history, the NDJSON download and `asOf` replays read it. */
  store: EventStore;
  jwtSecret: string;
  /** Now; "today" (UTC) for goals and stats windows. */
  clock?: () => Date;
  /** Longest wait for X-Min-Position before answering anyway; default 3000 ms. */
  maxWaitMs?: number;
  /**
   * Session generations (revocation). By default this app's own registry, cached and kept fresh by
   * LISTEN (closed by `close()`); 'signature-only' checks tokens without it (the benchmark's baseline).
   */
  sessions?: SessionRegistry | 'signature-only';
  /** Turns for asOf replays, the NDJSON download and the CSV export; DEFAULT_HEAVY_READ_LIMITS unless given. */
  heavyReads?: HeavyReadLimits;
  /**
   * Where asOf replays run: worker threads connected to these stores (ended by `close()`), so the
   * replays never hold up this thread. Without it they run in this thread, on `db` and `store`.
   */
  replayWorkers?: ReplayWorkerOptions;
  /** Where the replay workers report an error no request was waiting for. */
  log?: (line: string) => void;
  /** The request log (one JSON line per request); the platform's logger by default. */
  logger?: Logger;
  /** Whether the process is stopping (/readyz answers 503 then). */
  stopping?: () => boolean;
  /** Ready while the projector is at most this many events behind the log; READY_MAX_PROJECTOR_LAG by default. */
  readyMaxProjectorLag?: number;
  /**
   * PROJECTOR_PARTITIONS: how many projector partitions write the read models (default 1). A read
   * with X-Min-Position waits for the partition that owns the signed-in user; /readyz for the slowest.
   */
  projectorPartitions?: number;
}

/**
 * The Koa app plus `close()`, which ends its LISTEN connections and its replay workers (the caller
 * owns db, pool and store, and a registry it passed); `replayWorkers` when replays run on threads.
 */
export type QueryApi = Koa & { close(): Promise<void>; replayWorkers: ReplayWorkers | undefined };

export const DEFAULT_MAX_WAIT_MS = 3000;

/** The settings the pool was made with (pg keeps them on `options`; the typings leave it out). */
const connectionSettings = (pool: pg.Pool): pg.ClientConfig => (pool as unknown as { options: pg.ClientConfig }).options;

/**
 * Read-your-writes: with X-Min-Position, wait (bounded) until the projector's checkpoint has reached
 * it; when the bound passes first, the answer is what is there, with X-Read-Models-Behind: true.
 * Not for a user the projector has set aside: their read models will not move until a retry or a
 * rebuild, so they get what was projected before at once, with the same header.
 */
const readYourWrites =
  (waiter: PositionWaiter, setAside: SetAsideUsers, held: SetAsideUsers, maxWaitMs: number): Middleware =>
  async (ctx, next) => {
    if (await setAside.has(currentUserId(ctx))) {
      ctx.set(READ_MODELS_BEHIND_HEADER, 'true');
    } else {
      const position = minPosition(ctx);
      const deadline = Date.now() + maxWaitMs;
      // The bound passed short of the position: the answer is what is there, and says so.
      if (
        position !== undefined &&
        (!(await waiter.waitFor(position, maxWaitMs, currentUserId(ctx))) || !(await released(held, currentUserId(ctx), deadline)))
      ) {
        ctx.set(READ_MODELS_BEHIND_HEADER, 'true');
      }
    }
    await next();
  };

/** How often a read-after-write of a user an import holds looks again whether the hold ended. */
const HOLD_POLL_MS = 20;

/**
 * True once no import holds the user (their events after its start wait for its release, all at
 * once: DESIGN "Imports"), false when `deadline` passes first.
 */
const released = async (held: SetAsideUsers, userId: string, deadline: number): Promise<boolean> => {
  while (await held.has(userId)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, HOLD_POLL_MS));
  }
  return true;
};

/** Per-user answers (errors too): never stored by a shared cache, never reused across users by the browser. */
const privateAnswers: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.vary('Authorization');
  await next();
};

/** A path nobody serves is a 404 with `{ message }` like every other error (after allowedMethods' 405). */
const notFoundAsJson: Middleware = async (ctx, next) => {
  await next();
  if (ctx.status === 404 && ctx.body == null) throw new NotFoundError();
};

/**
 * query-api: every GET of the product, answered from the read models (and, for a bet's history,
 * the event download and `asOf` replays, from the event store). Only the signed-in user's rows.
 * No listen here: the launcher or `main.ts` mounts it.
 */
export function createQueryApi(deps: QueryApiDeps): QueryApi {
  const { db, store } = deps;
  const clock = deps.clock ?? (() => new Date());
  const today = () => dayOf(clock());
  const waiter = createPositionWaiter({
    channel: NOTIFY_CHANNEL,
    newClient: () => new pg.Client(connectionSettings(deps.pool)),
    readCheckpoint: async () =>
      (await readModels(db).selectFrom('checkpoints').select('position').where('name', '=', CHECKPOINT_NAME).executeTakeFirst())?.position,
    partitions: deps.projectorPartitions,
    readCheckpoints: () => readPartitionCheckpoints(db, READ_SCHEMA, deps.projectorPartitions ?? 1),
  });

  const setAside = createSetAsideUsers({
    newClient: () => new pg.Client(connectionSettings(deps.pool)),
    channel: FAILURES_CHANNEL,
    read: async () => (await readModels(db).selectFrom('projection_failures').select('user_id').execute()).map((r) => r.user_id),
  });
  const held = createSetAsideUsers({
    newClient: () => new pg.Client(connectionSettings(deps.pool)),
    channel: HOLDS_CHANNEL,
    read: async () => (await readModels(db).selectFrom('import_holds').select('user_id').execute()).map((r) => r.user_id),
  });
  const ownSessions =
    deps.sessions === undefined
      ? createSessionRegistry({
          db,
          readStream: (stream) => store.readStream(stream),
          newClient: () => new pg.Client(connectionSettings(deps.pool)),
        })
      : undefined;
  const sessions = deps.sessions === 'signature-only' ? undefined : (deps.sessions ?? ownSessions);

  /**
   * A set-aside user's events cannot all be folded (or their rows stored): a replay or a change
   * history would meet that event, or answer rows the live tables refused. A 503 instead, as a
   * replay that meets the event answers.
   */
  const refuseSetAside = async (userId: string) => {
    if (await setAside.has(userId)) throw new HttpError(503, MESSAGES.replayUnavailable);
  };
  const workers = deps.replayWorkers && createReplayWorkers(deps.replayWorkers, deps.log);
  const replay = async (request: ReplayRequest): Promise<ReplayAnswer> => {
    await refuseSetAside(request.userId);
    return workers ? workers.replay(request) : replayRows({ db, pool: deps.pool }, store, request);
  };

  const router = new Router({ prefix: '/api' });
  const guard = [requireAuth(deps.jwtSecret, sessions), readYourWrites(waiter, setAside, held, deps.maxWaitMs ?? DEFAULT_MAX_WAIT_MS)];
  const heavy = limitHeavyReads(deps.heavyReads ?? DEFAULT_HEAVY_READ_LIMITS);
  /** A replay only when the query asks for one (asOf); the live reads stay unlimited. */
  const heavyWhenAsOf: Middleware = (ctx, next) => (ctx.query.asOf === undefined ? next() : heavy(ctx, next));

  router.get('/auth/me', ...guard, async (ctx) => {
    ctx.body = await getMe(db, store, currentUserId(ctx));
  });

  router.get('/bets', ...guard, heavyWhenAsOf, async (ctx) => {
    const query = betsQuery.parse(ctx.query);
    const userId = currentUserId(ctx);
    const { asOf, page } = query;
    // The removed ones are few and listed whole (newest removal first): paging does not apply.
    if (query.deleted) ctx.body = await getDeletedBets(db, userId);
    else if (page === undefined) ctx.body = await getBets(db, userId);
    else if (asOf === undefined) ctx.body = await getBetsPage(db, userId, { ...query, page }, query.today ?? today());
    else {
      // As the record stood then: the periods count back from that day, as the stats' do.
      const answer = await replay({ userId, asOf, rows: 'betsPage', view: historyViewOf({ ...query, page }), today: dayOf(asOf) });
      if (answer.rows !== 'betsPage') throw new Error('a bets replay answered with other rows');
      ctx.body = answer.page;
    }
  });

  router.get('/bets/:id/history', ...guard, async (ctx) => {
    await refuseSetAside(currentUserId(ctx));
    ctx.body = await getBetChanges(store, currentUserId(ctx), ctx.params.id);
  });

  router.get('/parlays', ...guard, async (ctx) => {
    ctx.body = await getParlays(db, currentUserId(ctx));
  });

  router.get('/bankroll', ...guard, async (ctx) => {
    ctx.body = await getBankroll(db, currentUserId(ctx));
  });

  router.get('/goals', ...guard, heavyWhenAsOf, async (ctx) => {
    const { asOf } = goalsQuery.parse(ctx.query);
    const userId = currentUserId(ctx);
    if (asOf === undefined) {
      ctx.body = await getGoals(db, userId, today());
    } else {
      // Status, days left and amount to go as they read on that day.
      const answer = await replay({ userId, asOf, rows: 'goals' });
      if (answer.rows !== 'goals') throw new Error('a goals replay answered with other rows');
      ctx.body = answer.goals.map((row) => toGoal(row, dayOf(asOf)));
    }
  });

  router.get('/journal', ...guard, async (ctx) => {
    ctx.body = await getJournal(db, currentUserId(ctx));
  });

  router.get('/settings', ...guard, async (ctx) => {
    ctx.body = await getSettings(db, currentUserId(ctx));
  });

  router.get('/stats', ...guard, heavyWhenAsOf, async (ctx) => {
    const { range, asOf } = statsQuery.parse(ctx.query);
    const userId = currentUserId(ctx);
    if (asOf === undefined) {
      ctx.body = await getStats(db, userId, today(), range);
    } else {
      const answer = await replay({ userId, asOf, rows: 'stats', daysFrom: statsDaysFrom(dayOf(asOf), range) });
      if (answer.rows !== 'stats') throw new Error('a stats replay answered with other rows');
      ctx.body = buildStats(answer, dayOf(asOf), range);
    }
  });

  router.get('/analytics', ...guard, async (ctx) => {
    ctx.body = await getAnalytics(db, currentUserId(ctx), analyticsQuery.parse(ctx.query), today());
  });

  router.get('/stats/streaks', ...guard, heavyWhenAsOf, async (ctx) => {
    const { asOf } = streaksQuery.parse(ctx.query);
    const userId = currentUserId(ctx);
    if (asOf === undefined) {
      ctx.body = await getStreaks(db, userId);
    } else {
      const answer = await replay({ userId, asOf, rows: 'streaks' });
      if (answer.rows !== 'streaks') throw new Error('a streaks replay answered with other rows');
      ctx.body = toStreakStats(answer.streaks);
    }
  });

  router.get('/imports/:key', ...guard, async (ctx) => {
    const answer = await getImport(db, store, currentUserId(ctx), ctx.params.key);
    if (!answer) throw new NotFoundError();
    ctx.body = answer;
  });

  router.get('/events', ...guard, heavy, async (ctx) => {
    const userId = currentUserId(ctx);
    ctx.type = 'application/x-ndjson; charset=utf-8';
    ctx.body = streamUserEvents(store, userId, await userStreamIds(db, userId));
  });

  router.get('/export/bets.csv', ...guard, heavy, async (ctx) => {
    ctx.attachment('bets.csv');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = exportBetsCsv(db, currentUserId(ctx));
  });

  const ops = readOpsConfig();
  const maxLag = deps.readyMaxProjectorLag ?? ops.readyMaxProjectorLag;
  const app = new Koa();
  app.use(requestLog(deps.logger ?? createLogger('query-api'), 'query-api'));
  app.use(compressAnswers());
  app.use(errorMiddleware());
  app.use(securityHeaders());
  app.use(
    opsRoutes({
      metricsToken: ops.metricsToken,
      stopping: deps.stopping,
      ready: {
        database: () => deps.pool.query('select 1').then(() => 'ok'),
        eventStore: () => store.headPosition().then(() => 'ok'),
        projector: projectorWithin({ db, store, maxLag, partitions: deps.projectorPartitions }),
      },
    }),
  );
  app.use(privateAnswers);
  app.use(notFoundAsJson);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return Object.assign(app, {
    replayWorkers: workers,
    close: async () => void (await Promise.all([waiter.close(), setAside.close(), held.close(), ownSessions?.close(), workers?.close()])),
  });
}
