import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Context, Middleware } from 'koa';
import { LOG_POSITION_HEADER, MESSAGES } from '@bt/contracts';
import { ConflictError, HttpError, setLogPosition, ValidationError, type TokenClaims } from '@bt/platform';
import type { CommandDatabase } from '../db/schema';
import { REPLAYED_HEADER, type IdempotencyState } from './http';
import { ownerGone, type ProcessOwner } from './process-owner';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Records older than this are dropped at start-up (pruneIdempotencyRecords). */
const RETENTION = '7 days';

/** Drops idempotency records older than RETENTION (at start-up, after migrating). */
export const pruneIdempotencyRecords = async (db: Kysely<CommandDatabase>): Promise<void> => {
  await sql`DELETE FROM command.idempotency WHERE created_at < now() - ${RETENTION}::interval`.execute(db);
};

export interface IdempotencyOptions {
  /** How long a second request with the same key waits for the first one's answer (ms). */
  waitMs?: number;
  /** A pending record older than this (ms) belongs to an attempt that died: a retry takes it over. */
  abandonAfterMs?: number;
  /**
   * This process's owner lock: a pending record whose claimant's lock nobody holds (that process
   * died, as in a crash) is taken over at once rather than after abandonAfterMs.
   */
  owner?: ProcessOwner;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request's Idempotency-Key (undefined without one; a 400 when too long) and its fingerprint. */
const keyOf = (ctx: Context): { key: string; fingerprint: string } | undefined => {
  const key = ctx.get(IDEMPOTENCY_HEADER).trim();
  if (!key) return undefined;
  if (key.length > 200) throw new ValidationError(MESSAGES.idempotencyKeyTooLong);
  // A body spooled to a file (an import) is fingerprinted by its digest.
  const digest = ctx.state.bodyDigest as string | undefined;
  const raw = ctx.request.rawBody ?? (digest === undefined ? '' : `sha256:${digest}`);
  return { key, fingerprint: requestFingerprint(ctx.method, ctx.path, ctx.querystring, raw) };
};

/** sha256 of a request's method, path, query and body (the raw text, or a spooled file's digest). */
export const requestFingerprint = (method: string, path: string, query: string, raw: string): string =>
  createHash('sha256').update(`${method} ${path}?${query}\n${raw}`).digest('hex');

/**
 * `Idempotency-Key` on a POST that creates one stream whose id is derived from the user, the key and
 * the route (`RequestScope.newId`): the stream itself is the record. Its first event carries the key and
 * the request's fingerprint; a retry's append finds the stream there and `handle` answers from it
 * (the same body and X-Log-Position, with Idempotent-Replayed), or 422 for another request under
 * the same key. Concurrent duplicates all get that answer (one append wins). No table row, so
 * placing a bet with a key costs what it costs without one: the table's claim and answer were two
 * more commits, and halved the rate of keyed POST /api/bets (the web app keys every POST). A key that a
 * version from before recorded in the table (see olderRecordsUntil) is left to `recorded`, the table's
 * middleware, which answers it as that version did.
 */
export const idempotentCreate = (db: Kysely<CommandDatabase>, ready: () => Promise<void>, recorded: Middleware): Middleware => {
  const olderRecordsKept = olderRecordsUntil(db, ready);
  return async (ctx, next) => {
    const keyed = keyOf(ctx);
    if (!keyed) return next();
    if (Date.now() < (await olderRecordsKept())) {
      const scope = (ctx.state.auth as TokenClaims).sub;
      const older = await db
        .selectFrom('command.idempotency')
        .select('key')
        .where('scope', '=', scope)
        .where('key', '=', keyed.key)
        .where('route', 'is', null)
        .executeTakeFirst();
      // The key's first attempt ran on a version that recorded it here (and derived its id without the route).
      if (older) return recorded(ctx, next);
    }
    ctx.state.idempotency = { ...keyed, recovering: false, inStream: true, route: ctx.path } satisfies IdempotencyState;
    return next();
  };
};

/**
 * Until when the table may hold a record of a creating POST from a version before 2026-11-27 (a row
 * with no route): 7 days after the newest such row kept when this process first looks (0: none, and
 * the creating POSTs never read the table). Those records are honoured by `idempotent`, as that
 * version did, so a retry across the upgrade gets its first answer rather than a second bet. A row
 * an older process writes after this one looked (both running during a rolling deploy) is not seen.
 */
const olderRecordsUntil = (db: Kysely<CommandDatabase>, ready: () => Promise<void>): (() => Promise<number>) => {
  let until: Promise<number> | undefined;
  return () =>
    (until ??= ready()
      .then(() =>
        db
          .selectFrom('command.idempotency')
          .select(sql<Date | null>`max(created_at) + ${RETENTION}::interval`.as('until'))
          .where('route', 'is', null)
          .executeTakeFirstOrThrow(),
      )
      .then((row) => row.until?.getTime() ?? 0)
      .catch((error: unknown) => {
        until = undefined;
        throw error;
      }));
};

/**
 * `Idempotency-Key` on a POST: the first request with a key runs and its 2xx answer (status, body,
 * X-Log-Position) is recorded; a retry with the same key (same user) gets that answer and appends
 * nothing. A concurrent duplicate waits for the first one's answer, else gets 409. A failed first
 * attempt leaves nothing recorded, so a retry runs afresh. Place after auth and the body parser.
 */
export const idempotent = (db: Kysely<CommandDatabase>, ready: () => Promise<void>, options: IdempotencyOptions = {}): Middleware => {
  const waitMs = options.waitMs ?? 3_000;
  const abandonAfterMs = options.abandonAfterMs ?? 60_000;

  return async (ctx, next) => {
    const keyed = keyOf(ctx);
    if (!keyed) return next();
    const { key, fingerprint } = keyed;
    const scope = (ctx.state.auth as TokenClaims | undefined)?.sub ?? 'anonymous';
    const mine = () =>
      db.deleteFrom('command.idempotency').where('scope', '=', scope).where('key', '=', key).where('state', '=', 'pending');
    await ready();
    const owner = (await options.owner?.current()) ?? null;

    let recovering = false;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const claimed = await db
        .insertInto('command.idempotency')
        .values({ scope, key, fingerprint, state: 'pending', route: ctx.path, owner })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (claimed) break;
      const record = await db
        .selectFrom('command.idempotency')
        .selectAll()
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!record) continue; // the first attempt failed and let go of the key: claim it again
      if (record.fingerprint !== fingerprint) throw new HttpError(422, MESSAGES.idempotencyKeyReused);
      if (record.state === 'done') {
        ctx.status = record.status ?? 200;
        ctx.body = record.body;
        if (record.position) setLogPosition(ctx, record.position);
        ctx.set(REPLAYED_HEADER, 'true');
        return;
      }
      const abandoned = await db
        .updateTable('command.idempotency')
        .set({ created_at: sql`now()`, owner })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${abandonAfterMs / 1000})`),
            eb.and([eb('owner', 'is not', null), ownerGone(sql.ref('owner'))]),
          ]),
        )
        .returning('key')
        .executeTakeFirst();
      if (abandoned) {
        recovering = true;
        break;
      }
      if (Date.now() >= deadline) throw new ConflictError(MESSAGES.idempotencyInProgress);
      await sleep(25);
    }

    ctx.state.idempotency = { key, fingerprint, recovering, inStream: false, route: ctx.path } satisfies IdempotencyState;
    try {
      await next();
    } catch (error) {
      await mine().execute();
      throw error;
    }
    if (ctx.status >= 200 && ctx.status < 300) {
      await db
        .updateTable('command.idempotency')
        .set({
          state: 'done',
          status: ctx.status,
          body: JSON.stringify(ctx.body ?? null),
          position: ctx.response.get(LOG_POSITION_HEADER) || null,
        })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    } else {
      await mine().execute();
    }
  };
};
