import type { Middleware } from 'koa';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { READ_MODELS_BEHIND_HEADER } from '@bt/contracts';
import { currentUserId, minPosition } from '@bt/platform';
import { CHECKPOINT_NAME, FAILURES_CHANNEL, HOLDS_CHANNEL, NOTIFY_CHANNEL, READ_SCHEMA, readPartitionCheckpoints } from '@bt/read-models';
import { readModels, type ReadDatabase } from './read-db';
import { createSetAsideUsers, type SetAsideUsers } from './set-aside-users';
import { createPositionWaiter, type PositionWaiter } from './wait-for-position';

/**
 * What this process follows of the projector, each kept fresh by LISTEN: how far it has written
 * (per partition), the users it has set aside, and the users an import holds.
 */
export interface ProjectorWatch {
  waiter: PositionWaiter;
  setAside: SetAsideUsers;
  held: SetAsideUsers;
  /** Ends the LISTEN connections. */
  close(): Promise<void>;
}

/** `partitions`: PROJECTOR_PARTITIONS (default 1); a user's reads wait for the partition that owns them. */
export const watchProjector = (db: Kysely<ReadDatabase>, newClient: () => pg.Client, partitions: number | undefined): ProjectorWatch => {
  const waiter = createPositionWaiter({
    channel: NOTIFY_CHANNEL,
    newClient,
    readCheckpoint: async () =>
      (await readModels(db).selectFrom('checkpoints').select('position').where('name', '=', CHECKPOINT_NAME).executeTakeFirst())?.position,
    partitions,
    readCheckpoints: () => readPartitionCheckpoints(db, READ_SCHEMA, partitions ?? 1),
  });
  const setAside = createSetAsideUsers({
    newClient,
    channel: FAILURES_CHANNEL,
    read: async () => (await readModels(db).selectFrom('projection_failures').select('user_id').execute()).map((r) => r.user_id),
  });
  const held = createSetAsideUsers({
    newClient,
    channel: HOLDS_CHANNEL,
    read: async () => (await readModels(db).selectFrom('import_holds').select('user_id').execute()).map((r) => r.user_id),
  });
  return {
    waiter,
    setAside,
    held,
    close: async () => void (await Promise.all([waiter.close(), setAside.close(), held.close()])),
  };
};

/**
 * Read-your-writes: with X-Min-Position, wait (bounded) until the projector's checkpoint has reached
 * it; when the bound passes first, the answer is what is there, with X-Read-Models-Behind: true.
 * Not for a user the projector has set aside: their read models will not move until a retry or a
 * rebuild, so they get what was projected before at once, with the same header.
 */
export const readYourWrites =
  ({ waiter, setAside, held }: ProjectorWatch, maxWaitMs: number): Middleware =>
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
