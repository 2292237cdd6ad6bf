import pg from 'pg';
import { Observable } from 'rxjs';
import type { Position, RecordedEvent } from '../port';
import type { Row, StoreContext } from './context';
import { readPage } from './reads';
import { anyEventAfterSql } from './sql';

/** `application_name` of subscription connections (visible in pg_stat_activity). */
export const SUBSCRIBER_APPLICATION_NAME = 'bt-event-store-subscription';

/** The channel appends notify and subscriptions listen on. */
const appendedChannel = (schemaName: string) => `${schemaName}.appended`;

/** Runs `task` now, or once more after the current run when called while it runs. Failures are dropped. */
function coalesced(task: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  return function run() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    task()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
}

/**
 * The store's `notifyAppended`. One notification at a time, and one more if appends commit
 * meanwhile: every append is followed by a notification that starts after its commit, and a burst
 * of appends costs a few. It carries no data, so its own commit need not wait for the disk.
 */
export function appendNotifier(pool: pg.Pool, schemaName: string): () => void {
  return coalesced(() =>
    pool.query({
      name: `${schemaName}.notify`,
      text: `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')`,
      values: [appendedChannel(schemaName)],
    }),
  );
}

export interface SubscriptionConfig {
  /** How to open a subscription's own connection. */
  clientConfig: pg.ClientConfig;
  /** A re-read at least this often (ms) without a notification (PostgresEventStoreOptions). */
  pollIntervalMs: number;
  /** Events per read while catching up. */
  pageSize: number;
  /** Completes every live subscription's observer when the store closes: each adds its own. */
  live: Set<() => void>;
}

/** The store's `subscribeAll`: catch-up reads, then live, woken by notifications and a poll. */
export function subscribeAll(ctx: StoreContext, config: SubscriptionConfig, after: Position): Observable<RecordedEvent> {
  const { pollIntervalMs, pageSize, live } = config;
  return new Observable<RecordedEvent>((subscriber) => {
    // A dedicated connection: LISTEN needs one, and catch-up reads then never wait for the pool.
    const client = new pg.Client({ ...config.clientConfig, application_name: SUBSCRIBER_APPLICATION_NAME });
    let closed = false;
    let due = true; // something may be readable: read before waiting
    let wake: (() => void) | undefined;
    const poke = () => {
      due = true;
      wake?.();
    };
    const stop = () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      clearTimeout(recheck);
      live.delete(complete);
      wake?.();
      client.end().catch(() => undefined);
    };
    const fail = (e: unknown) => {
      if (!closed) subscriber.error(e);
      stop();
    };
    const complete = () => {
      subscriber.complete();
      stop();
    };
    client.on('notification', poke);
    client.on('error', fail);
    const timer = setInterval(poke, pollIntervalMs);
    live.add(complete);

    const read = (from: Position) => {
      const page = readPage(ctx, from, pageSize, client);
      page.catch(() => undefined); // may be abandoned by an unsubscribe; awaited otherwise
      return page;
    };
    // Committed events an open transaction hides (not readable yet) become readable when it ends,
    // and nothing notifies then (e.g. the read models' own batch, ended a moment after the append's
    // notification woke us): look again soon, sooner than the poll, backing off to every 50 ms
    // while it lasts (a long import's transaction). Asked as "is there any event after the one
    // delivered last", one step of the primary key's index: everything readable up to there has
    // been delivered, so any such event is held back or newly appended, and either way worth a
    // look. Asked for the held-back ones alone (`NOT readable`), Postgres expects thousands of
    // matches for a row comparison on xid8 and scans the whole table for none: 30-40 ms of its CPU
    // per live read of a 220,000-event log, growing with it.
    let recheckMs = 1;
    let recheck: NodeJS.Timeout | undefined;
    const recheckIfHeldBack = async (from: Position) => {
      const { rows } = await client.query<Row>({ text: anyEventAfterSql(ctx.schema, from), rowMode: 'array' });
      if (rows.length === 0) {
        recheckMs = 1;
        return;
      }
      clearTimeout(recheck);
      recheck = setTimeout(poke, recheckMs);
      recheckMs = Math.min(recheckMs * 2, pollIntervalMs, 50);
    };
    const run = async () => {
      await client.connect();
      // Listen before the first read, so nothing appended during catch-up goes unnoticed.
      await client.query(`LISTEN "${appendedChannel(ctx.schemaName)}"`);
      let position = after;
      let next: Promise<RecordedEvent[]> | undefined;
      while (!closed) {
        if (!next) {
          if (!due) await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          if (closed) return;
          due = false;
          next = read(position);
        }
        const page = await next;
        // Still catching up: the next page is read while this one is delivered.
        next = page.length === pageSize ? read(page[page.length - 1].position) : undefined;
        for (const event of page) {
          if (closed) return;
          position = event.position;
          subscriber.next(event);
        }
        if (!next && !due && !closed) await recheckIfHeldBack(position);
      }
    };
    run().catch(fail);
    return stop;
  });
}
