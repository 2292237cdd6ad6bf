import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { collect, describeEventStoreContract, event, expectIncreasing, metadata, streamId } from '../contract-suite';
import { comparePositions, WrongExpectedRevision, type ExpectedRevision, type Position, type RecordedEvent } from '../port';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store';
import { bulkInsertEvents } from './bulk-insert';
import { appendsNoEventSql } from './readable-horizon';
import { anyEventAfterSql } from './sql';
import { SUBSCRIBER_APPLICATION_NAME } from './subscription';

describeEventStoreContract(
  'Postgres',
  async () => {
    const db = await createTestDatabase();
    const store = await createPostgresEventStore({ connectionString: db.url, pollIntervalMs: 100 });
    return {
      store,
      teardown: async () => {
        await store.close();
        await db.drop();
      },
    };
  },
  { multiStreamTransactions: true },
);

describe('Postgres event store', () => {
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

  it('migrates idempotently, also when several services start at once', async () => {
    const others = await Promise.all([1, 2, 3].map(() => createPostgresEventStore({ connectionString: db.url })));
    await Promise.all([store.migrate(), ...others.map((s) => s.migrate())]);
    await Promise.all(others.map((s) => s.close()));
  });

  describe('appendMany', () => {
    it('appends nothing to any stream when one stream’s expected revision fails', async () => {
      const [a, b, c] = [streamId('bet'), streamId('bet'), streamId('bet')];
      await store.append(c, [event('BetPlaced', {})], 'no_stream');
      const error = await store
        .appendMany([a, b, c].map((s) => ({ streamId: s, events: [event('BetPlaced', {})], expected: 'no_stream' as const })))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).to.be.instanceOf(WrongExpectedRevision);
      expect(error).to.include({ streamId: c, actual: 0n });
      expect(await store.readStream(a)).to.deep.equal([]);
      expect(await store.readStream(b)).to.deep.equal([]);
      // The streams are free as before: the same append works once the clash is gone.
      await store.appendMany([a, b].map((s) => ({ streamId: s, events: [event('BetPlaced', {})], expected: 'no_stream' as const })));
      expect(await store.readStream(a)).to.have.length(1);
    });

    it('refuses the same new stream twice in one appendMany, appending nothing', async () => {
      const [a, b] = [streamId('bet'), streamId('bet')];
      const appends = [a, b, a].map((s) => ({ streamId: s, events: [event('BetPlaced', {})], expected: 'no_stream' as const }));
      const error = await store.appendMany(appends).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(WrongExpectedRevision);
      expect(await store.readStream(a)).to.deep.equal([]);
      expect(await store.readStream(b)).to.deep.equal([]);
    });

    it('creates many new streams in few statements, each with its events in order and its own result', async () => {
      const ids = Array.from({ length: 2500 }, () => streamId('bet'));
      const results = await store.appendMany(
        ids.map((s, i) => ({
          streamId: s,
          events: [event('BetPlaced', { i }), event('BetSettled', { i })],
          expected: 'no_stream' as const,
        })),
      );
      expect(results.map((r) => r.nextRevision)).to.deep.equal(ids.map(() => 1n));
      const read = await store.readStream(ids[1234]);
      expect(read.map((e) => [e.revision, e.type, e.data])).to.deep.equal([
        [0n, 'BetPlaced', { i: 1234 }],
        [1n, 'BetSettled', { i: 1234 }],
      ]);
      expect(comparePositions(results[1234].position, read[1].position)).to.equal(0);
    });

    it('appends nothing to any stream when Postgres refuses one payload half-way', async () => {
      const [a, b, c] = [streamId('bet'), streamId('bet'), streamId('bet')];
      const error = await store
        .appendMany([
          { streamId: a, events: [event('BetPlaced', { ok: true })], expected: 'no_stream' },
          { streamId: b, events: [event('BetPlaced', { text: 'nul \u0000 here' })], expected: 'no_stream' },
          { streamId: c, events: [event('BetPlaced', { ok: true })], expected: 'no_stream' },
        ])
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).to.be.instanceOf(Error).and.not.to.be.instanceOf(WrongExpectedRevision);
      for (const s of [a, b, c]) expect(await store.readStream(s)).to.deep.equal([]);
    });
  });

  describe('group commit', () => {
    // One batch in flight: the appends asked for while it commits all go in the next one.
    let grouped: PostgresEventStore;
    before(async () => {
      grouped = await createPostgresEventStore({ connectionString: db.url, appendBatchesInFlight: 1, migrate: false });
    });
    after(() => grouped?.close());

    const settleAll = (appends: [string, ExpectedRevision, unknown?][]) =>
      Promise.allSettled(appends.map(([s, expected, data]) => grouped.append(s, [event('BetPlaced', data ?? { s })], expected)));

    it('writes concurrent appends in one transaction each batch, every one answered with its own position', async () => {
      const ids = Array.from({ length: 30 }, () => streamId('bet'));
      const results = await Promise.all(ids.map((s) => grouped.append(s, [event('BetPlaced', {}), event('BetSettled', {})], 'no_stream')));
      // The first is written at once, alone; the 29 asked for meanwhile together, in one commit.
      expect(new Set(results.map((r) => r.position.commit)).size).to.equal(2);
      expect(new Set(results.map((r) => `${r.position.commit}.${r.position.prepare}`)).size).to.equal(30);
      for (const [i, s] of ids.entries()) {
        const recorded = await grouped.readStream(s);
        expect(recorded.map((e) => e.revision)).to.deep.equal([0n, 1n]);
        expect(comparePositions(recorded[1].position, results[i].position)).to.equal(0);
        expect(results[i].nextRevision).to.equal(1n);
      }
    });

    it('fails only the append whose check fails, and keeps appends to one stream in the order asked', async () => {
      const [a, b, c] = [streamId('bet'), streamId('bet'), streamId('bet')];
      await grouped.append(c, [event('BetPlaced', {})], 'no_stream');
      const results = await settleAll([
        [streamId('bet'), 'no_stream'], // written at once, alone: the others wait for the next batch
        [a, 'no_stream'],
        [a, 0n], // a second append to a: the batch after, once the first is in
        [b, 'any'],
        [c, 'no_stream'], // c exists
        [c, 0n],
        [b, 0n],
      ]);
      expect(results.map((r) => r.status)).to.deep.equal([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect((results[4] as PromiseRejectedResult).reason)
        .to.be.instanceOf(WrongExpectedRevision)
        .and.include({ streamId: c, actual: 0n });
      expect((await grouped.readStream(a)).map((e) => e.revision)).to.deep.equal([0n, 1n]);
      expect((await grouped.readStream(b)).map((e) => e.revision)).to.deep.equal([0n, 1n]);
      expect((await grouped.readStream(c)).map((e) => e.revision)).to.deep.equal([0n, 1n]);
    });

    it('commits appends to one stream asked for at once in the order asked, with two batches in flight too', async () => {
      const s = streamId('bet');
      const others = Array.from({ length: 6 }, () => store.append(streamId('bet'), [event('BetPlaced', {})], 'no_stream'));
      const results = await Promise.all([
        store.append(s, [event('BetPlaced', {})], 'no_stream'),
        ...Array.from({ length: 5 }, (_, i) => store.append(s, [event('BetAmended', { i })], BigInt(i))),
      ]);
      await Promise.all(others);
      expect(results.map((r) => r.nextRevision)).to.deep.equal([0n, 1n, 2n, 3n, 4n, 5n]);
      expect((await store.readStream(s)).map((e) => e.type)).to.deep.equal(['BetPlaced', ...Array(5).fill('BetAmended')]);
    });

    it('fails only the append Postgres refuses when a batch cannot be written as a whole', async () => {
      const ids = [streamId('bet'), streamId('bet'), streamId('bet'), streamId('bet')];
      const results = await settleAll([
        [ids[0], 'no_stream'],
        [ids[1], 'no_stream', { ok: true }],
        [ids[2], 'no_stream', { text: 'nul \u0000 here' }],
        [ids[3], 'no_stream', { ok: true }],
      ]);
      expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((results[2] as PromiseRejectedResult).reason)
        .to.be.instanceOf(Error)
        .and.not.to.be.instanceOf(WrongExpectedRevision);
      expect(await grouped.readStream(ids[2])).to.deep.equal([]);
      for (const s of [ids[0], ids[1], ids[3]]) expect(await grouped.readStream(s)).to.have.length(1);
    });

    it('answers an append only once it is committed: another connection reads it at once', async () => {
      const other = new pg.Pool({ connectionString: db.url, max: 4 });
      try {
        const ids = Array.from({ length: 10 }, () => streamId('bet'));
        await Promise.all(
          ids.map(async (s) => {
            await grouped.append(s, [event('BetPlaced', {})], 'no_stream');
            const { rows } = await other.query<{ n: number }>('SELECT count(*)::int AS n FROM eventstore.events WHERE stream_id = $1', [s]);
            expect(rows[0].n).to.equal(1);
          }),
        );
      } finally {
        await other.end();
      }
    });
  });

  it('withholds events of a committed transaction while an earlier one is open, where a sequence-only reader skips', async () => {
    const head = await store.headPosition();
    const slow = await connect(db.url);
    try {
      // A slow appender takes the lower sequence number (and transaction id) but commits last.
      await slow.query('BEGIN');
      const slowStream = streamId('bet');
      const [slowId] = await insertInOpenTransaction(slow, slowStream, 1);
      const fastStream = streamId('bet');
      await store.append(fastStream, [event('BetPlaced', {})], 'no_stream');

      // A reader ordering by sequence alone sees the fast event and moves past the slow one's number...
      const naiveBefore = await readBySequenceOnly(db.url, 0n);
      expect(naiveBefore.map((r) => r.streamId))
        .to.include(fastStream)
        .and.not.include(slowStream);
      const naiveCheckpoint = naiveBefore[naiveBefore.length - 1].prepare;
      // ...while this store shows nothing beyond the open transaction yet.
      expect((await store.readAll({ after: head, maxCount: 10 })).map((e) => e.streamId)).to.not.include(fastStream);

      await slow.query('COMMIT');
      // The naive reader never sees the slow event: it is behind its checkpoint.
      expect((await readBySequenceOnly(db.url, naiveCheckpoint)).map((r) => r.streamId)).to.not.include(slowStream);
      // This store delivers both, in (transaction, sequence) order.
      const page = await store.readAll({ after: head, maxCount: 10 });
      expect(page.map((e) => e.streamId)).to.deep.equal([slowStream, fastStream]);
      expect(page[0].id).to.equal(slowId);
    } finally {
      await slow.end();
    }
  });

  it('withholds from readStreams and readAllPages what readAll withholds while an earlier transaction is open', async () => {
    const head = await store.headPosition();
    const slow = await connect(db.url);
    try {
      await slow.query('BEGIN');
      const slowStream = streamId('bet');
      await insertInOpenTransaction(slow, slowStream, 1);
      const fastStream = streamId('bet');
      await store.append(fastStream, [event('BetPlaced', {})], 'no_stream');
      expect(await store.readStreams([slowStream, fastStream])).to.deep.equal([]);
      for await (const page of store.readAllPages(head)) expect(page.map((e) => e.streamId)).to.not.include(fastStream);
      await slow.query('COMMIT');
      expect((await store.readStreams([fastStream, slowStream])).map((e) => e.streamId)).to.deep.equal([slowStream, fastStream]);
    } finally {
      await slow.end();
    }
  });

  it('reads streams whose ids span several queries, merged in global order', async function () {
    this.timeout(60_000);
    const streams = Array.from({ length: 5 }, () => streamId('bet'));
    for (let round = 0; round < 2; round++) {
      for (const [i, stream] of streams.entries()) {
        await store.append(stream, [event('BetAmended', { round, i })], round === 0 ? 'no_stream' : 0n);
      }
    }
    // 12,000 ids (three queries of 5,000): ours at the start, across both boundaries and at the end.
    const ids = Array.from({ length: 12_000 }, () => streamId('missing'));
    [0, 4_999, 5_000, 10_001, 11_999].forEach((at, i) => (ids[at] = streams[i]));
    const read = await store.readStreams(ids);
    expect(read.map((e) => e.data)).to.deep.equal([0, 1].flatMap((round) => streams.map((_, i) => ({ round, i }))));
    expectIncreasing(read.map((e) => e.position));
  });

  it('takes any text as a stream id, quotes and dollars included (reads inline ids in the query text)', async () => {
    const odd = [`bet-'quoted'`, 'bet-$q$x$q$', 'bet-$qq', 'bet-ends-with-$', 'bet-back\\slash\\', 'bet-ünï 🎲', `bet-"dq";--`];
    for (const stream of odd) await store.append(stream, [event('BetPlaced', { stream })], 'no_stream');
    for (const stream of odd) expect((await store.readStream(stream)).map((e) => e.data)).to.deep.equal([{ stream }]);
    expect((await store.readStreams(odd)).map((e) => (e.data as { stream: string }).stream)).to.deep.equal(odd);
  });

  it('stores data and metadata as the JSON text given (json, not jsonb), and validates it as jsonb did', async () => {
    const stream = streamId('bet');
    await store.append(stream, [event('BetPlaced', { zeta: 1, alpha: { y: 2, x: 1 } })], 'no_stream');
    const [read] = await store.readStream(stream);
    expect(Object.keys(read.data as object)).to.deep.equal(['zeta', 'alpha']); // jsonb would have reordered them
    expect(Object.keys((read.data as { alpha: object }).alpha)).to.deep.equal(['y', 'x']);
    const client = await connect(db.url);
    try {
      const { rows } = await client.query(
        `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = 'eventstore.events'::regclass AND attname IN ('data', 'metadata')`,
      );
      expect(rows.map((r) => r.type)).to.deep.equal(['json', 'json']);
    } finally {
      await client.end();
    }
    // What jsonb refused is still refused: the store never holds an event it could not have held before.
    let refused: unknown;
    await store.append(streamId('bet'), [event('BetPlaced', { note: 'nul \u0000 inside' })], 'no_stream').catch((e) => (refused = e));
    expect(refused).to.be.instanceOf(Error);
  });

  it('converts a store created with jsonb columns to json on migrate, keeping its events', async () => {
    const old = await createTestDatabase();
    try {
      const client = await connect(old.url);
      try {
        await client.query(`CREATE SCHEMA eventstore;
          CREATE TABLE eventstore.streams (stream_id text PRIMARY KEY, revision bigint NOT NULL);
          CREATE TABLE eventstore.events (
            prepare bigint GENERATED ALWAYS AS IDENTITY, commit xid8 NOT NULL DEFAULT pg_current_xact_id(),
            stream_id text NOT NULL, revision bigint NOT NULL, id uuid NOT NULL, type text NOT NULL,
            data jsonb NOT NULL, metadata jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (commit, prepare), UNIQUE (stream_id, revision));
          INSERT INTO eventstore.streams VALUES ('bet-1', 0);
          INSERT INTO eventstore.events (stream_id, revision, id, type, data, metadata)
          VALUES ('bet-1', 0, gen_random_uuid(), 'BetPlaced', '{"b": 1, "a": [1, 2]}', '{"occurredAt": "2024-01-01T00:00:00.000Z", "commandId": "c", "schemaVersion": 1}');`);
      } finally {
        await client.end();
      }
      const upgraded = await createPostgresEventStore({ connectionString: old.url });
      try {
        expect((await upgraded.readStream('bet-1')).map((e) => e.data)).to.deep.equal([{ a: [1, 2], b: 1 }]);
        await upgraded.append('bet-1', [event('BetSettled', { c: 3 })], 0n);
        expect((await upgraded.readStreams(['bet-1'])).map((e) => e.data)).to.deep.equal([{ a: [1, 2], b: 1 }, { c: 3 }]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await old.drop();
    }
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

  it('does not hold readers back for an open transaction that said it appends no event (a read-model batch, a release)', async () => {
    const marked = await connect(db.url);
    const unmarked = await connect(db.url);
    try {
      await marked.query('BEGIN');
      await marked.query(appendsNoEventSql);
      await marked.query('SELECT pg_current_xact_id()'); // an xid, as a transaction that has written has
      const stream = streamId('bet');
      const head = await store.headPosition();
      const received = collect(store.subscribeAll({ after: head }), (e) => e.streamId === stream, 1);
      await store.append(stream, [event('BetPlaced', {})], 'no_stream');
      expect((await received)[0].streamId).to.equal(stream);
      expect((await store.readAll({ after: head, maxCount: 10 })).map((e) => e.streamId)).to.deep.equal([stream]);
      expect((await store.readStreams([stream])).map((e) => e.streamId)).to.deep.equal([stream]);

      // Another that did not say so still holds them back, whatever the marked one does meanwhile.
      await unmarked.query('BEGIN');
      await unmarked.query('SELECT pg_current_xact_id()');
      const later = streamId('bet');
      const before = await store.readAll({ after: head, maxCount: 10 });
      await store.append(later, [event('BetPlaced', {})], 'no_stream');
      expect(await store.readAll({ after: before.at(-1)!.position, maxCount: 10 })).to.deep.equal([]);
      await unmarked.query('COMMIT');
      expect((await store.readAll({ after: before.at(-1)!.position, maxCount: 10 })).map((e) => e.streamId)).to.deep.equal([later]);
      await marked.query('COMMIT');
    } finally {
      await marked.end();
      await unmarked.end();
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

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Writes a new stream the way the adapter does, inside the caller's open transaction; returns the event ids. */
async function insertInOpenTransaction(client: pg.Client, stream: string, count: number): Promise<string[]> {
  await client.query('INSERT INTO eventstore.streams (stream_id, revision) VALUES ($1, $2)', [stream, count - 1]);
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const [revision, id] of ids.entries()) {
    await client.query(
      `INSERT INTO eventstore.events (stream_id, revision, id, type, data, metadata) VALUES ($1, $2, $3, 'BetPlaced', '{}', $4)`,
      [stream, revision, id, JSON.stringify(metadata())],
    );
  }
  return ids;
}

/** The broken reader this adapter must not be: `WHERE prepare > checkpoint ORDER BY prepare`. */
async function readBySequenceOnly(url: string, after: bigint) {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ prepare: string; stream_id: string }>(
      'SELECT prepare, stream_id FROM eventstore.events WHERE prepare > $1 ORDER BY prepare',
      [after.toString()],
    );
    return rows.map((r) => ({ prepare: BigInt(r.prepare), streamId: r.stream_id }));
  } finally {
    await client.end();
  }
}

async function listeners(url: string): Promise<number> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [SUBSCRIBER_APPLICATION_NAME],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function waitFor(condition: () => Promise<boolean> | boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
