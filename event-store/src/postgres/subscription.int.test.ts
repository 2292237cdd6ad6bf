import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { collect, event, expectIncreasing, streamId } from '../contract-helpers';
import { comparePositions, type Position, type RecordedEvent } from '../port';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { bulkInsertEvents } from './bulk-insert';
import { connect, insertInOpenTransaction, listeners, waitFor } from './int-test-helpers';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store';
import { anyEventAfterSql } from './sql';
import { SUBSCRIBER_APPLICATION_NAME } from './subscription';

describe('Postgres event store subscriptions', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  before(async () => {
    db = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: db.url, pollIntervalMs: 100 });
  });

  after(async () => {
    await store?.close();
    await db?.drop();
  });

  it('delivers every event exactly once, in order, to a live subscriber while many appenders race', async function () {
    this.timeout(120_000);
    const workers = 16;
    const rounds = 25;
    const head = await store.headPosition();
    const run = randomUUID().slice(0, 8);
    const appended = new Set<string>();
    let total = 0;
    const received: RecordedEvent[] = [];
    const subscription = store.subscribeAll({ after: head }).subscribe({
      next: (e) => {
        if (e.streamId.startsWith(`race${run}-`)) received.push(e);
      },
    });
    try {
      await Promise.all(
        Array.from({ length: workers }, async (_, w) => {
          const slow = await connect(db.url);
          try {
            const stream = `race${run}-bet-${w}`;
            let revision: bigint | 'no_stream' = 'no_stream';
            for (let round = 0; round < rounds; round++) {
              if (round % 5 === w % 5) {
                // Every fifth append holds its transaction open for a while after inserting, so
                // later sequence numbers commit before it.
                await slow.query('BEGIN');
                const ids = await insertInOpenTransaction(slow, `race${run}-slow-${w}-${round}`, 1 + (round % 2));
                await slow.query('SELECT pg_sleep($1)', [0.02 + Math.random() * 0.13]);
                await slow.query('COMMIT');
                ids.forEach((id) => appended.add(id));
                total += ids.length;
              } else {
                const events = Array.from({ length: 1 + ((w + round) % 3) }, (_, i) => event('BetAmended', { w, round, i }, randomUUID()));
                // Half the workers append with exact revisions, half with 'any'.
                const result = await store.append(stream, events, w % 2 ? revision : 'any');
                revision = result.nextRevision;
                events.forEach((e) => appended.add(e.id!));
                total += events.length;
              }
            }
          } finally {
            await slow.end();
          }
        }),
      );
      // Everything is committed: the subscriber must now catch up to exactly the appended set.
      const deadline = Date.now() + 20_000;
      while (received.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300)); // would reveal duplicates arriving late
    } finally {
      subscription.unsubscribe();
    }

    expect(received).to.have.length(total);
    expect(new Set(received.map((e) => e.id))).to.deep.equal(appended);
    expectIncreasing(received.map((e) => e.position));
    const byStream = new Map<string, bigint[]>();
    for (const e of received) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
    for (const [stream, revisions] of byStream) {
      expect(revisions, stream).to.deep.equal(revisions.map((_, i) => BigInt(i)));
    }
    // Paging with readAll gives the very same sequence.
    const paged: RecordedEvent[] = [];
    for (let after: Position = head; ;) {
      const page = await store.readAll({ after, maxCount: 37 });
      if (page.length === 0) break;
      paged.push(...page);
      after = page[page.length - 1].position;
    }
    expect(paged.map((e) => e.id)).to.deep.equal(received.map((e) => e.id));
  });

  it('wakes live subscribers of other store instances by notification, without waiting for the poll', async () => {
    // The poll would come only after the test's timeout: the event arriving at all proves the notification.
    const listening = await createPostgresEventStore({ connectionString: db.url, migrate: false, pollIntervalMs: 3_600_000 });
    try {
      const stream = streamId('bet');
      const head = await listening.headPosition();
      const received = collect(listening.subscribeAll({ after: head }), (e) => e.streamId === stream, 1);
      await waitFor(async () => (await listeners(db.url)) === 1);
      await new Promise((r) => setTimeout(r, 100)); // the first (empty) read is done: it is listening
      await store.append(stream, [event('BetPlaced', {})], 'no_stream');
      expect((await received).map((e) => e.streamId)).to.deep.equal([stream]);
    } finally {
      await listening.close();
    }
  });

  it('delivers events an unrelated open transaction held back once it ends, though nothing notifies then', async () => {
    const unrelated = await connect(db.url);
    try {
      await unrelated.query('BEGIN');
      await unrelated.query('SELECT pg_current_xact_id()'); // holds the xmin horizon back
      const stream = streamId('bet');
      const head = await store.headPosition();
      const received = collect(store.subscribeAll({ after: head }), (e) => e.streamId === stream, 1);
      await store.append(stream, [event('BetPlaced', {})], 'no_stream');
      await new Promise((r) => setTimeout(r, 300));
      expect(await store.readAll({ after: head, maxCount: 10 })).to.deep.equal([]);
      await unrelated.query('COMMIT');
      expect((await received)[0].streamId).to.equal(stream); // found by the fallback poll (100 ms here)
    } finally {
      await unrelated.end();
    }
  });

  it('delivers held-back events soon after the transaction holding them ends, without waiting for the poll', async () => {
    // The poll would come only after the test's timeout: the subscriber looks again by itself while
    // events are held back (the read models' own batch holds them for a moment after each append).
    const listening = await createPostgresEventStore({ connectionString: db.url, migrate: false, pollIntervalMs: 3_600_000 });
    const unrelated = await connect(db.url);
    try {
      await unrelated.query('BEGIN');
      await unrelated.query('SELECT pg_current_xact_id()'); // holds the xmin horizon back
      const stream = streamId('bet');
      const head = await listening.headPosition();
      const received = collect(listening.subscribeAll({ after: head }), (e) => e.streamId === stream, 1);
      await waitFor(async () => (await listeners(db.url)) === 1);
      await store.append(stream, [event('BetPlaced', {})], 'no_stream');
      expect(await store.readAll({ after: head, maxCount: 10 })).to.deep.equal([]);
      await new Promise((r) => setTimeout(r, 100)); // the notification's read found it held back
      await unrelated.query('COMMIT');
      expect((await received)[0].streamId).to.equal(stream);
    } finally {
      await unrelated.end();
      await listening.close();
    }
  });

  it('looks for held-back events with one probe of the index, not a scan of the log', async () => {
    // The subscriber asks after every live read. Asked as "any event not readable yet", Postgres
    // expected thousands of matches and scanned the whole table for none (30-40 ms at 220,000 events).
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const appendSome = async (transactions: number, events: number) => {
        for (let t = 0; t < transactions; t++) {
          const batch = Array.from({ length: events }, (_, i) => ({
            ...event('BetPlaced', { i }),
            streamId: `probe-${randomUUID()}`,
            revision: 0,
          }));
          await bulkInsertEvents(pool, store.schema, batch); // a transaction each
        }
      };
      // A log loaded faster than autovacuum analyses it (an import, a restore, the bench's
      // generator): Postgres plans with its default guesses.
      await appendSome(10, 2000);
      await appendSome(10, 1);
      const head = await store.headPosition();
      const [{ 'QUERY PLAN': plan }] = (await pool.query(`EXPLAIN (FORMAT JSON) ${anyEventAfterSql(`"${store.schema}"`, head)}`)).rows;
      const nodes: string[] = [];
      const walk = (node: { 'Node Type': string; Plans?: unknown[] }) => {
        nodes.push(node['Node Type']);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      walk(plan[0].Plan);
      expect(nodes).to.not.include('Seq Scan');
      expect(nodes.some((n) => n.startsWith('Index'))).to.equal(true, nodes.join(', '));
      expect((await pool.query(anyEventAfterSql(`"${store.schema}"`, head))).rows).to.deep.equal([]);
    } finally {
      await pool.end();
    }
  });

  it('completes live subscriptions on close and releases their connections', async () => {
    const other = await createPostgresEventStore({ connectionString: db.url, migrate: false });
    let completed = false;
    const sub = other.subscribeAll({ after: await other.headPosition() }).subscribe({ complete: () => (completed = true) });
    await new Promise((r) => setTimeout(r, 200));
    expect(await listeners(db.url)).to.equal(1);
    await other.close();
    expect(completed).to.equal(true);
    expect(sub.closed).to.equal(true);
    await waitFor(async () => (await listeners(db.url)) === 0);
  });

  it('ends a subscription with an error when its connection breaks', async () => {
    const errors: unknown[] = [];
    const sub = store.subscribeAll({ after: await store.headPosition() }).subscribe({ error: (e) => errors.push(e) });
    await waitFor(async () => (await listeners(db.url)) === 1);
    const admin = await connect(db.url);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [SUBSCRIBER_APPLICATION_NAME],
    );
    await admin.end();
    await waitFor(async () => errors.length === 1);
    expect(sub.closed).to.equal(true);
  });

  it('resumes a subscription from the position of the last event handled', async () => {
    const stream = streamId('bet');
    const head = await store.headPosition();
    await store.append(stream, [event('BetPlaced', { i: 0 }), event('BetAmended', { i: 1 }), event('BetSettled', { i: 2 })], 'no_stream');
    const first = await collect(store.subscribeAll({ after: head }), (e) => e.streamId === stream, 1);
    const rest = await collect(store.subscribeAll({ after: first[0].position }), (e) => e.streamId === stream, 2);
    expect([...first, ...rest].map((e) => e.data)).to.deep.equal([{ i: 0 }, { i: 1 }, { i: 2 }]);
    expect(comparePositions(rest[1].position, await store.headPosition())).to.be.at.most(0);
  });
});
