import { expect } from 'chai';
import pg from 'pg';
import { event, streamId } from '../contract-helpers';
import { START } from '../port';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { bulkInsertEvents } from './bulk-insert';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store';

describe('bulk insert into the Postgres event store (test and benchmark volumes)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let pool: pg.Pool;

  before(async () => {
    db = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: db.url });
    pool = new pg.Pool({ connectionString: db.url });
  });
  after(async () => {
    await pool?.end();
    await store?.close();
    await db?.drop();
  });

  it('stores events that read back as appended ones do, and appends carry on from the heads it set', async () => {
    const a = streamId('bulk');
    const b = streamId('bulk');
    await bulkInsertEvents(pool, 'eventstore', [
      { ...event('First', { n: 1 }), streamId: a, revision: 0 },
      { ...event('First', { n: 2 }), streamId: b, revision: 0 },
      { ...event('Second', { n: 3 }), streamId: a, revision: 1 },
    ]);
    await bulkInsertEvents(pool, 'eventstore', [{ ...event('Third', { n: 4 }), streamId: a, revision: 2 }]);

    const all = await store.readAll({ after: START, maxCount: 10 });
    expect(all.map((e) => [e.streamId, e.revision, e.type, e.data])).to.deep.equal([
      [a, 0n, 'First', { n: 1 }],
      [b, 0n, 'First', { n: 2 }],
      [a, 1n, 'Second', { n: 3 }],
      [a, 2n, 'Third', { n: 4 }],
    ]);
    expect((await store.append(a, [event('Fourth', {})], 2n)).nextRevision).to.equal(3n);
    expect((await store.append(b, [event('Second', {})], 0n)).nextRevision).to.equal(1n);
  });

  it('writes nothing when a revision is already taken', async () => {
    const a = streamId('bulk');
    await bulkInsertEvents(pool, 'eventstore', [{ ...event('First', {}), streamId: a, revision: 0 }]);
    const failed = await bulkInsertEvents(pool, 'eventstore', [
      { ...event('Other', {}), streamId: streamId('bulk'), revision: 0 },
      { ...event('Again', {}), streamId: a, revision: 0 },
    ]).then(
      () => false,
      () => true,
    );
    expect(failed).to.equal(true);
    expect(await store.readAll({ after: START, maxCount: 100 }).then((events) => events.filter((e) => e.type === 'Other'))).to.deep.equal(
      [],
    );
  });
});
