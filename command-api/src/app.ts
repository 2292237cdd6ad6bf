import Koa from 'koa';
import Router from '@koa/router';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { MESSAGES } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { settledProfitFromReadModel, withoutUnitSizeFromReadModel, type WithoutUnitSize } from '@bt/read-models';
import {
  createLogger,
  compressAnswers,
  createSessionRegistry,
  errorMiddleware,
  HttpError,
  noStore,
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
import { bankrollRoutes } from './bankroll/routes';
import { betRoutes } from './bets/routes';
import { goalRoutes } from './goals/routes';
import { importRoutes } from './imports/routes';
import { createImportSlots, type ImportSlots } from './imports/import-slots';
import { inProcessPlanner, type ImportPlanner } from './imports/plan-threads';
import { journalRoutes } from './journal/routes';
import { parlayRoutes } from './parlays/routes';
import { profileRoutes } from './profiles/routes';
import { settingsRoutes } from './settings/routes';
import { createUnitSizes, type UnitSizes } from './settings/unit-sizes';
import { jsonBody } from './shared/http';
import { spooledText } from './shared/upload';
import { migrateCommandSchema } from './db/migrate';
import type { CommandDatabase } from './db/schema';
import { idempotent, idempotentCreate, type IdempotencyOptions } from './shared/idempotency';
import {
  argon2Hasher,
  DEFAULT_HASH_QUEUE,
  queuedHasher,
  type HashQueueLimits,
  type PasswordCost,
  type PasswordHasher,
} from './shared/passwords';
import type { RouteKit } from './shared/router';
import type { Services } from './shared/services';
import { writesInFlight } from './shared/writes-in-flight';
import { DEFAULT_SIGN_IN_LIMITS, postgresSignInThrottle, unthrottled, type SignInLimits } from './shared/sign-in-limits';
import { userRoutes } from './users/routes';
import { passwordResetRoutes } from './users/reset-routes';
import { DEFAULT_PASSWORD_RESET_LIMITS, postgresResetThrottle, unthrottledResets, type PasswordResetLimits } from './users/reset-limits';
import type { Mailer } from './shared/mailer';

export { migrateCommandSchema } from './db/migrate';

export interface CommandApiDeps {
  store: EventStore;
  /** Postgres (kysely) for schema `command` (idempotency records) and reading `read.bankroll`. */
  db: Kysely<CommandDatabase>;
  /** The pool behind `db`: the sign-in limits count in it (rate-limiter-flexible's Postgres store). */
  pool: pg.Pool;
  jwtSecret: string;
  clock?: () => Date;
  /** New aggregate ids; UUID v7 by default. */
  newId?: () => string;
  /** argon2id cost; argon2's defaults (production grade) unless given. Tests lower it. */
  passwordCost?: PasswordCost;
  /** Replaces argon2 altogether (tests). */
  passwords?: PasswordHasher;
  /** Password hashes running at once in this process, and waiting; DEFAULT_HASH_QUEUE unless given. */
  hashQueue?: HashQueueLimits;
  /** Sign-in and registration limits; DEFAULT_SIGN_IN_LIMITS unless given, none when false (tests of other things). */
  signInLimits?: SignInLimits | false;
  /**
   * "Forgot password" requests per e-mail and per client address; DEFAULT_PASSWORD_RESET_LIMITS unless
   * given, none when false, and none by default when signInLimits is false.
   */
  passwordResetLimits?: PasswordResetLimits | false;
  /** Sends the "Forgot password" e-mails (createMailer); without one the reset is not offered (503). */
  mailer?: Mailer;
  /** The web app's origin the e-mailed links point at; the request's own origin when unset (development). */
  publicUrl?: string;
  /**
   * Proxies in front of this service whose X-Forwarded-For is trusted (0: none, the socket's
   * address is the client's). Behind the compose gateway, 1.
   */
  trustProxyHops?: number;
  /** Settled profit, for the withdrawal check; by default the projector's bankroll read model (why that is safe: its design note). */
  /** The user's bets and parlays without a unit size; by default the `bets` read model's (withoutUnitSizeFromReadModel). */
  withoutUnitSize?: (userId: string) => Promise<WithoutUnitSize[]>;
  settledProfit?: (userId: string) => Promise<number | undefined>;
  idempotency?: IdempotencyOptions;
  /**
   * Session generations, shared with query-api when both run in one process. By default one over
   * `db` without a cache: every authenticated write reads its user's row (one indexed read).
   */
  sessions?: SessionRegistry;
  /** The unit sizes new bets record; by default one over `store` without a cache (every bet reads its user's stream). */
  unitSizes?: UnitSizes;
  /** Import slots, shared with the sweeper (startImportSweeper); by default this app's own over `pool`. */
  imports?: ImportSlots;
  /** Where imports read and check their files first (createPlanThreads); by default on this thread. */
  planner?: ImportPlanner;
  /** Also told of every 5xx error (the request log has them with their stack). */
  log?: (error: unknown) => void;
  /** The request log (one JSON line per request); the platform's logger by default. */
  logger?: Logger;
  /** Whether the process is stopping (/readyz answers 503 then). */
  stopping?: () => boolean;
}

/** Largest CSV an import accepts. */
const CSV_LIMIT = 10 * 1024 * 1024;

/**
 * command-api: every write of the product (POST/PUT/DELETE under /api). Returns the Koa app
 * without listening; the launcher (or main.ts) serves it. The command schema is migrated lazily
 * on first need unless the caller ran migrateCommandSchema already.
 */
export const createCommandApi = (deps: CommandApiDeps): Koa => {
  let migrated: Promise<void> | undefined;
  const ready = () => {
    migrated ??= migrateCommandSchema(deps.db).catch((error) => {
      migrated = undefined;
      throw error;
    });
    return migrated;
  };
  const services: Services = {
    store: deps.store,
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    clock: deps.clock ?? (() => new Date()),
    newId: deps.newId ?? uuidv7,
    passwords: queuedHasher(deps.passwords ?? argon2Hasher(deps.passwordCost), deps.hashQueue ?? DEFAULT_HASH_QUEUE),
    settledProfit: deps.settledProfit ?? settledProfitFromReadModel(deps.db),
    withoutUnitSize: deps.withoutUnitSize ?? withoutUnitSizeFromReadModel(deps.db),
    sessions: deps.sessions ?? createSessionRegistry({ db: deps.db, readStream: (stream) => deps.store.readStream(stream) }),
    unitSizes: deps.unitSizes ?? createUnitSizes({ store: deps.store, db: deps.db }),
    imports: deps.imports ?? createImportSlots(deps.pool),
    planner: deps.planner ?? inProcessPlanner,
    writes: writesInFlight(),
  };
  const signInLimits = deps.signInLimits ?? DEFAULT_SIGN_IN_LIMITS;
  const recorded = idempotent(deps.db, ready, deps.idempotency);
  const signedIn = requireAuth(deps.jwtSecret, services.sessions);
  const kit: RouteKit = {
    services,
    signIn: signInLimits === false ? unthrottled : postgresSignInThrottle(deps.pool, signInLimits, ready),
    auth: (ctx, next) => signedIn(ctx, () => services.writes.track(ctx, next)),
    json: jsonBody(),
    csv: spooledText(CSV_LIMIT),
    idempotent: recorded,
    idempotentCreate: idempotentCreate(deps.db, ready, recorded),
  };

  const router = new Router({ prefix: '/api' });
  for (const routes of [
    userRoutes,
    betRoutes,
    parlayRoutes,
    bankrollRoutes,
    goalRoutes,
    journalRoutes,
    importRoutes,
    settingsRoutes,
    profileRoutes,
  ]) {
    routes(router, kit);
  }
  const resetLimits = deps.passwordResetLimits ?? (signInLimits === false ? false : DEFAULT_PASSWORD_RESET_LIMITS);
  passwordResetRoutes(router, kit, {
    mailer: deps.mailer,
    throttle: resetLimits === false ? unthrottledResets : postgresResetThrottle(deps.pool, resetLimits, ready),
    publicUrl: deps.publicUrl,
  });

  const app = new Koa({ proxy: (deps.trustProxyHops ?? 0) > 0, maxIpsCount: deps.trustProxyHops ?? 0 });
  app.use(requestLog(deps.logger ?? createLogger('command-api'), 'command-api'));
  app.use(compressAnswers());
  app.use(errorMiddleware(deps.log));
  app.use(securityHeaders());
  app.use(
    opsRoutes({
      metricsToken: readOpsConfig().metricsToken,
      trustProxyHops: deps.trustProxyHops,
      stopping: deps.stopping,
      ready: storeChecks(deps.pool, deps.store),
    }),
  );
  app.use(noStore);
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body === undefined && ctx.status === 404) throw new NotFoundError(MESSAGES.notFound);
  });
  app.use(router.routes());
  // A method no route takes (PATCH) or that the router does not know at all (TRACE, PROPFIND) is a
  // 405 JSON { message } like every other client error (the router's own 501 would be a 5xx).
  const methodNotAllowed = () => new HttpError(405, MESSAGES.methodNotAllowed);
  app.use(router.allowedMethods({ throw: true, methodNotAllowed, notImplemented: methodNotAllowed }));
  return app;
};
