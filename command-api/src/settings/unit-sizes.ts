import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { streams } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { createListenedCache } from '@bt/platform';
import { load } from '../shared/handle';
import type { CommandDatabase } from '../db/schema';
import { preferences } from './preferences';

/** The channel command-api NOTIFYs with "<userId>:<user stream revision>:<unit size, empty for none>" when a unit size changes. */
export const UNIT_SIZES_CHANNEL = 'unit_sizes';

const NOTIFICATION = /^([0-9a-f-]{36}):(\d+):(\d+(?:\.\d+)?)?$/;

/** How long a process keeps a user's unit size at most: the bound on a change whose NOTIFY was lost. */
const KEPT_MS = 60_000;

/**
 * The unit size a bet placed now records: the user's last UnitSizeSet on `user-{id}`, null without
 * one. Placing a bet would otherwise read the user's stream first, a second round trip on the
 * hottest write; each process keeps the last unit size it read or wrote per user (with the user
 * stream's revision), fresh by LISTEN on UNIT_SIZES_CHANNEL (`createListenedCache`). A change
 * made in this process is seen by its next bet; one made in another replica as soon as its
 * notification arrives (milliseconds; a bet placed on this replica before that records the unit
 * size as it was, as a bet placed at the same moment as the change always could). A change whose
 * notification was lost (its process died between the append and the NOTIFY) reaches the other
 * replicas within a minute, when their value expires.
 */
export interface UnitSizes {
  current(userId: string): Promise<number | null>;
  /** After this process appended a UnitSizeSet: the user stream's revision after it, and the unit size. */
  changed(userId: string, revision: bigint, unitSize: number | null): Promise<void>;
  /** Ends the LISTEN connection. */
  close(): Promise<void>;
}

export interface UnitSizesOptions {
  store: EventStore;
  db: Kysely<CommandDatabase>;
  /** A new, unconnected client for the one LISTEN connection; without it nothing is kept (every bet reads the stream). */
  newClient?: () => pg.Client;
  /** Users whose unit size a process keeps (default 100,000). */
  cacheSize?: number;
  /** How long a kept value lasts, in ms (default a minute). */
  keptMs?: number;
}

export const createUnitSizes = (options: UnitSizesOptions): UnitSizes => {
  const cache = createListenedCache<number | null>({
    newClient: options.newClient,
    channel: UNIT_SIZES_CHANNEL,
    parse: (payload) => {
      const match = NOTIFICATION.exec(payload);
      return match ? [match[1], { version: Number(match[2]), value: match[3] === undefined ? null : Number(match[3]) }] : undefined;
    },
    max: options.cacheSize ?? 100_000,
    ttlMs: options.keptMs ?? KEPT_MS,
  });
  return {
    async current(userId) {
      const unitSize = await cache.get(userId, async () => {
        const { state, recorded } = await load(options.store, streams.user(userId), preferences);
        return { version: Number(recorded.at(-1)?.revision ?? -1n), value: state.unitSize };
      });
      return unitSize ?? null;
    },
    async changed(userId, revision, unitSize) {
      cache.advance(userId, { version: Number(revision), value: unitSize });
      // Lost (Postgres unreachable just now): the others' values expire within KEPT_MS.
      await sql`SELECT pg_notify(${UNIT_SIZES_CHANNEL}, ${`${userId}:${revision}:${unitSize ?? ''}`})`
        .execute(options.db)
        .catch(() => undefined);
    },
    close: () => cache.close(),
  };
};
