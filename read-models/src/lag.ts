import type { Kysely } from 'kysely';
import type { EventStore } from '@bt/event-store';
import { comparePositions, parsePosition, START } from '@bt/event-store/port';
import type { ProjectorLag } from '@bt/platform';
import { READ_SCHEMA, type Database } from './database';
import { readPartitionCheckpoint, slowestCheckpoint } from './checkpoints/checkpoints';
import type { Partition } from './checkpoints/partition';

/** The users the projector has set aside (projection_failures of `schema`). */
export const readSetAsideUsers = async (db: Kysely<Database>, schema: string): Promise<string[]> =>
  (await db.withSchema(schema).selectFrom('projection_failures').select('user_id').execute()).map((r) => r.user_id);

/** Events behind are counted up to this many (one page of the log, read only while behind). */
const LAG_COUNT_CAP = 10_000;

/**
 * How far the read models are behind the log: events after their checkpoint (counted up to
 * `maxCount`), the age in seconds of the oldest of them (0 when caught up), and the users set aside.
 * What the lag gauges and query-api's /readyz read; works on either event store. With `partition`,
 * that partition's lag (a projector's own); else the slowest of `partitions` (default 1).
 */
export async function projectorLag(options: {
  db: Kysely<Database>;
  store: EventStore;
  schema?: string;
  maxCount?: number;
  now?: () => number;
  partition?: Partition;
  partitions?: number;
}): Promise<ProjectorLag> {
  const schema = options.schema ?? READ_SCHEMA;
  const [checkpoint, head, setAside] = await Promise.all([
    options.partition
      ? readPartitionCheckpoint(options.db, schema, options.partition)
      : slowestCheckpoint(options.db, schema, options.partitions ?? 1),
    options.store.headPosition(),
    readSetAsideUsers(options.db, schema),
  ]);
  const at = (checkpoint && parsePosition(checkpoint)) || START;
  if (comparePositions(at, head) >= 0) return { events: 0, seconds: 0, setAsideUsers: setAside.length };
  const behind = await options.store.readAll({ after: at, maxCount: options.maxCount ?? LAG_COUNT_CAP });
  const oldest = behind[0] ? Date.parse(behind[0].recordedAt) : NaN;
  const now = options.now?.() ?? Date.now();
  return {
    events: behind.length,
    seconds: Number.isNaN(oldest) ? 0 : Math.max(0, (now - oldest) / 1000),
    setAsideUsers: setAside.length,
  };
}

/**
 * A readiness check (/readyz): resolves with the lag while the read models (the slowest of
 * `partitions`) are at most `maxLag` events behind the log, throws saying so otherwise.
 */
export const projectorWithin =
  (options: { db: Kysely<Database>; store: EventStore; maxLag: number; partitions?: number }) =>
  async (): Promise<{ lagEvents: number; lagSeconds: number }> => {
    const lag = await projectorLag({ db: options.db, store: options.store, maxCount: options.maxLag + 1, partitions: options.partitions });
    if (lag.events > options.maxLag) throw new Error(`the read models are more than ${options.maxLag} events behind the log`);
    return { lagEvents: lag.events, lagSeconds: lag.seconds };
  };
