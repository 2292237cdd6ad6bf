import type { RouterContext } from '@koa/router';
import type { Kysely } from 'kysely';
import { dayOf, type AsOfReading } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import type { ReadDatabase } from './read-db';
import type { Replay, ReplayAnswer, ReplayAsk, ReplayKind } from './replay';

/**
 * One GET of query-api, served under /api to a signed-in user after read-your-writes. Each is
 * exported beside its query in `queries/`; `createQueryApi` lists them.
 */
export interface QueryRoute {
  /** Under /api, in @koa/router's syntax (`/bets/:id/history`). */
  path: string;
  /**
   * Takes a heavy-read turn (heavy-reads.ts) for every request (the downloads), or only for a
   * request that asks for a replay (`asOf`, given or not valid). Without it none: live reads are
   * never limited.
   */
  heavy?: 'always' | 'asOf';
  /** The answer's body; a route that answers other than JSON sets its type on `ctx` first. */
  answer(reads: Reads, ctx: RouterContext): unknown;
}

/** What a route reads with, for the signed-in user of one request. */
export interface Reads {
  db: Kysely<ReadDatabase>;
  store: EventStore;
  userId: string;
  /** The server's UTC day now: "today" for goals and stats windows. */
  today(): string;
  /**
   * A 503 when the projector has set the user aside: their events cannot all be folded, so a
   * replay or a change history would meet that event, or answer rows the live tables refused.
   */
  refuseSetAside(): Promise<void>;
  /** The read's answer from the read models, or with `asOf` from a replay in the query's reading: see AsOfRead. */
  readAsOf<K extends ReplayKind, T>(query: AsOfQuery, read: AsOfRead<K, T>): Promise<T>;
}

/** A read's `asOf` and `asOfReading` parameters, as contracts parse them. */
export interface AsOfQuery {
  asOf?: Date;
  asOfReading?: AsOfReading;
}

/**
 * A read that can also answer as the record stood at an instant: its read-model query, and the
 * replay that stands in for it (what to ask for, and its rows formatted as the live read formats
 * its own). `day` is the instant's UTC day, "today" as it was then.
 */
export interface AsOfRead<K extends ReplayKind, T> {
  live(): Promise<T>;
  replay(day: string): ReplayAsk<K>;
  answer(rows: ReplayAnswer<K>, day: string): T;
}

/** The one place a read chooses between the read models (now) and a replay of the user's events (asOf). */
export const readAsOf =
  (replay: Replay, userId: string): Reads['readAsOf'] =>
  async ({ asOf, asOfReading = 'recorded' }, read) => {
    if (asOf === undefined) return read.live();
    const day = dayOf(asOf);
    return read.answer(await replay({ ...read.replay(day), userId, asOf, reading: asOfReading }), day);
  };
