import { expect } from 'chai';
import { collect, event, expectIncreasing, streamId } from '../contract-helpers';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { connect, insertInOpenTransaction, readBySequenceOnly } from './int-test-helpers';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store';
import { appendsNoEventSql } from './readable-horizon';

describe('Postgres event store reads', () => {
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
});
