import { expect } from 'chai';
import pg from 'pg';
import { event, streamId } from '../contract-helpers';
import { comparePositions, WrongExpectedRevision, type ExpectedRevision } from '../port';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store';

describe('Postgres event store appends', () => {
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
});
