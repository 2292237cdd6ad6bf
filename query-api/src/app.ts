import Koa, { type Middleware } from 'koa';
import Router, { type RouterMiddleware } from '@koa/router';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { dayOf, MESSAGES } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import {
  createLogger,
  compressAnswers,
  createSessionRegistry,
  currentUserId,
  errorMiddleware,
  HttpError,
  NotFoundError,
  opsRoutes,
  readOpsConfig,
  requestLog,
  requireAuth,
  securityHeaders,
  type Logger,
  type SessionRegistry,
  storeChecks,
} from '@bt/platform';
import { projectorWithin } from '@bt/read-models';
import type { ReadDatabase } from './read-db';
import { readYourWrites, watchProjector } from './read-your-writes';
import { replayRows, type Replay } from './replay';
import { createReplayWorkers, type ReplayWorkerOptions, type ReplayWorkers } from './replay-workers';
import { readAsOf, type QueryRoute, type Reads } from './query-route';
import { DEFAULT_HEAVY_READ_LIMITS, limitHeavyReads, type HeavyReadLimits } from './heavy-reads';
import { meRoute } from './queries/get-me';
import { betsRoute } from './queries/get-bets';
import { betsTotalsRoute } from './queries/get-bets-totals';
import { betHistoryRoute } from './queries/get-bet-changes';
import { parlaysRoute } from './queries/get-parlays';
import { bankrollLedgerRoute, bankrollRoute } from './queries/get-bankroll';
import { goalsRoute } from './queries/get-goals';
import { journalRoute } from './queries/get-journal';
import { settingsRoute, unitSizeCoverageRoute } from './queries/get-settings';
import { statsRoute } from './queries/get-stats';
import { analyticsRoute } from './queries/get-analytics';
import { taxYearRoute } from './queries/get-tax-year';
import { taxDiaryCsvRoute, taxDiaryRoute } from './queries/get-tax-diary';
import { streaksRoute } from './queries/get-streaks';
import { importRoute } from './queries/get-import';
import { eventsRoute } from './queries/stream-user-events';
import { exportBetsRoute } from './queries/export-bets-csv';
import { profileRoute } from './queries/get-profile';
import { publicProfileOf, shownProfile } from './queries/get-public-profile';
import { KeptAnswers, readModelsAt, sendKeptOrMake } from './queries/kept-answers';
import { createLogReader } from './transparency/log-reader';
import { logRoutes, type LogKey } from './transparency/log-routes';
import { createProfileProofs } from './transparency/profile-proofs';

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
  /** The transparency log's key: with it, the log's public reads (GET /api/log/...) are served. */
  transparencyLog?: LogKey;
}

/**
 * The Koa app plus `close()`, which ends its LISTEN connections and its replay workers (the caller
 * owns db, pool and store, and a registry it passed); `replayWorkers` when replays run on threads.
 */
export type QueryApi = Koa & { close(): Promise<void>; replayWorkers: ReplayWorkers | undefined };

export const DEFAULT_MAX_WAIT_MS = 3000;
/** How many public pages' answers are kept (each a whole history, serialized and gzipped). */
const PAGES_KEPT = 16;

/** The settings the pool was made with (pg keeps them on `options`; the typings leave it out). */
const connectionSettings = (pool: pg.Pool): pg.ClientConfig => (pool as unknown as { options: pg.ClientConfig }).options;

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

/** Every GET of the product, each beside its query. */
const QUERY_ROUTES: readonly QueryRoute[] = [
  meRoute,
  betsRoute,
  betsTotalsRoute,
  betHistoryRoute,
  parlaysRoute,
  bankrollRoute,
  bankrollLedgerRoute,
  goalsRoute,
  journalRoute,
  settingsRoute,
  unitSizeCoverageRoute,
  statsRoute,
  analyticsRoute,
  taxYearRoute,
  taxDiaryRoute,
  taxDiaryCsvRoute,
  streaksRoute,
  importRoute,
  eventsRoute,
  exportBetsRoute,
  profileRoute,
];

/**
 * query-api: every GET of the product, answered from the read models (and, for a bet's history,
 * the event download and `asOf` replays, from the event store). Only the signed-in user's rows.
 * No listen here: the launcher or `main.ts` mounts it.
 */
export function createQueryApi(deps: QueryApiDeps): QueryApi {
  const { db, store } = deps;
  const clock = deps.clock ?? (() => new Date());
  const newClient = () => new pg.Client(connectionSettings(deps.pool));
  const watch = watchProjector(db, newClient, deps.projectorPartitions);
  const ownSessions =
    deps.sessions === undefined ? createSessionRegistry({ db, readStream: (stream) => store.readStream(stream), newClient }) : undefined;
  const sessions = deps.sessions === 'signature-only' ? undefined : (deps.sessions ?? ownSessions);

  // A replay would meet the event the projector could not fold: a 503 instead, as that replay answers.
  const refuseSetAside = async (userId: string) => {
    if (await watch.setAside.has(userId)) throw new HttpError(503, MESSAGES.replayUnavailable);
  };
  const workers = deps.replayWorkers && createReplayWorkers(deps.replayWorkers, deps.log);
  const replay: Replay = async (request) => {
    await refuseSetAside(request.userId);
    return workers ? workers.replay(request) : replayRows({ db, pool: deps.pool }, store, request);
  };

  const guard = [requireAuth(deps.jwtSecret, sessions), readYourWrites(watch, deps.maxWaitMs ?? DEFAULT_MAX_WAIT_MS)];
  const heavy = limitHeavyReads(deps.heavyReads ?? DEFAULT_HEAVY_READ_LIMITS);
  const turns: Record<NonNullable<QueryRoute['heavy']>, Middleware> = {
    always: heavy,
    // A turn only when the query asks for a replay; the same path's live read stays unlimited.
    asOf: (ctx, next) => (ctx.query.asOf === undefined ? next() : heavy(ctx, next)),
  };
  const answer =
    (route: QueryRoute): RouterMiddleware =>
    async (ctx) => {
      const userId = currentUserId(ctx);
      const reads: Reads = {
        db,
        store,
        userId,
        today: () => dayOf(clock()),
        refuseSetAside: () => refuseSetAside(userId),
        readAsOf: readAsOf(replay, userId),
      };
      ctx.body = await route.answer(reads, ctx);
    };
  const router = new Router({ prefix: '/api' });
  for (const route of QUERY_ROUTES) router.get(route.path, ...guard, ...(route.heavy ? [turns[route.heavy]] : []), answer(route));
  // No sign-in: a public page reads a whole history, so it takes turns as the heavy reads do, per
  // profile in any case (a crowd on one page waits for its turns) and apart from the signed-in users' turns.
  const publicTurns = limitHeavyReads(
    deps.heavyReads ?? DEFAULT_HEAVY_READ_LIMITS,
    (ctx) => `profile:${String(ctx.params?.handle).toLowerCase()}`,
  );
  // Kept per (handle, settings' revision, read models' checkpoints): a repeated visit reads no bet and takes no turn.
  const pages = new KeptAnswers(PAGES_KEPT);
  router.get('/public/profiles/:handle', async (ctx) => {
    const shown = await shownProfile(db, store, ctx.params.handle);
    const key = `${shown.userId} ${shown.revision} ${await readModelsAt(db, deps.projectorPartitions)}`;
    await sendKeptOrMake(ctx, publicTurns, pages, { handle: shown.handle, key, make: () => publicProfileOf(db, shown) });
  });
  if (deps.transparencyLog) {
    const logTurns = limitHeavyReads(deps.heavyReads ?? DEFAULT_HEAVY_READ_LIMITS, (ctx) => `address ${ctx.ip}`);
    const reader = createLogReader(db);
    logRoutes(router, reader, deps.transparencyLog, logTurns);
    const proofs = createProfileProofs(db, store, reader, deps.transparencyLog.origin, deps.projectorPartitions);
    router.get('/public/profiles/:handle/proofs', (ctx) => proofs(ctx, publicTurns));
  }

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
        ...storeChecks(deps.pool, store),
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
    close: async () => void (await Promise.all([watch.close(), ownSessions?.close(), workers?.close()])),
  });
}
