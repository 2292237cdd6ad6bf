import { expect } from 'chai';
import { describeEventStoreContract } from '../contract-suite';
import { event, streamId } from '../contract-helpers';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { connect } from './int-test-helpers';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store';

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

  it('erases the rows of deleted streams: the global log no longer holds them', async () => {
    const before = await store.headPosition();
    const [gone, kept] = [streamId('bet'), streamId('bet')];
    await store.append(gone, [event('BetPlaced', { secret: 'gone' })], 'no_stream');
    await store.append(kept, [event('BetPlaced', { secret: 'kept' })], 'no_stream');
    await store.deleteStreams([gone]);
    const log = await store.readAll({ after: before, maxCount: 100 });
    expect(log.map((e) => e.streamId))
      .to.include(kept)
      .and.not.include(gone);
    const client = await connect(db.url);
    try {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM eventstore.events WHERE data::text LIKE '%gone%'`);
      expect(rows[0].n).to.equal(0);
      const streams = await client.query(`SELECT count(*)::int AS n FROM eventstore.streams WHERE stream_id = $1`, [gone]);
      expect(streams.rows[0].n).to.equal(0);
    } finally {
      await client.end();
    }
  });
});
