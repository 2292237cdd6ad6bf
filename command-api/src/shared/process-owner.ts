import { randomInt } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';

/** First key of the advisory lock each process holds for its life (the second: its owner number). */
const OWNER_SPACE = 0x62745f6f; // "bt_o"

/**
 * This process's owner number: an advisory lock it holds on a connection of its own for as long as
 * it runs. Postgres lets go of the lock when the process (or its connection) dies, so whoever finds
 * a record claimed under a number nobody holds knows its claimant is gone (`ownerGone`).
 */
export interface ProcessOwner {
  /** The number, once the lock is held; null when it cannot be (the caller falls back to waiting). */
  current(): Promise<number | null>;
  close(): Promise<void>;
}

export const createProcessOwner = (newClient: () => pg.Client): ProcessOwner => {
  let closed = false;
  let held: Promise<{ client: pg.Client; owner: number } | null> | undefined;
  const hold = async () => {
    const client = newClient();
    // A lost connection lost the lock too: the next claim takes a new number on a new connection.
    client.on('error', () => {
      held = undefined;
      void client.end().catch(() => undefined);
    });
    await client.connect();
    for (;;) {
      const owner = randomInt(1, 2 ** 31 - 1);
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as locked', [
        OWNER_SPACE,
        owner,
      ]);
      if (rows[0].locked) return { client, owner };
    }
  };
  return {
    async current() {
      if (closed) return null;
      held ??= hold().catch(() => {
        held = undefined;
        return null;
      });
      return (await held)?.owner ?? null;
    },
    async close() {
      closed = true;
      const holding = await held;
      await holding?.client.end().catch(() => undefined);
    },
  };
};

/** True when no process of this database holds the owner lock `owner` any longer. */
export const ownerGone = (owner: RawBuilder<unknown> | number): RawBuilder<boolean> =>
  sql<boolean>`not exists (select 1 from pg_locks where locktype = 'advisory' and granted
    and database = (select oid from pg_database where datname = current_database())
    and classid::bigint = ${OWNER_SPACE} and objid::bigint = ${owner} and objsubid = 2)`;
