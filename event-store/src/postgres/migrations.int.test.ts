import { expect } from 'chai';
import pg from 'pg';
import { event } from '../contract-helpers';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { createPostgresEventStore } from './postgres-event-store';

/** The event log exactly as stores created it before migrations were recorded (a `.data/` from before). */
const BEFORE_MIGRATIONS = `
  CREATE SCHEMA IF NOT EXISTS eventstore;
  CREATE TABLE IF NOT EXISTS eventstore.streams (stream_id text PRIMARY KEY, revision bigint NOT NULL);
  CREATE TABLE IF NOT EXISTS eventstore.events (
    prepare bigint GENERATED ALWAYS AS IDENTITY, commit xid8 NOT NULL DEFAULT pg_current_xact_id(),
    stream_id text NOT NULL, revision bigint NOT NULL, id uuid NOT NULL, type text NOT NULL,
    data json NOT NULL, metadata json NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (commit, prepare), UNIQUE (stream_id, revision));
  INSERT INTO eventstore.streams VALUES ('bet-1', 0);
  INSERT INTO eventstore.events (stream_id, revision, id, type, data, metadata)
  VALUES ('bet-1', 0, gen_random_uuid(), 'BetPlaced', '{"b": 1}', '{"occurredAt": "2024-01-01T00:00:00.000Z", "commandId": "c", "schemaVersion": 1}');`;

const query = async <R extends pg.QueryResultRow>(url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
};

const recorded = (url: string) =>
  query<{ name: string }>(url, 'SELECT name FROM eventstore.kysely_migration ORDER BY name').then((rows) => rows.map((r) => r.name));

describe('event store migrations', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db.drop());

  it('records its dated migrations on a fresh database, and a second start runs none again', async () => {
    for (let start = 0; start < 2; start++) await (await createPostgresEventStore({ connectionString: db.url })).close();
    expect(await recorded(db.url)).to.deep.equal(['2026-11-23-001-event-log', '2026-11-28-002-readable-horizon']);
  });

  it('takes over an event log from before migrations were recorded: its events stay, and the first migration is recorded', async () => {
    await query(db.url, BEFORE_MIGRATIONS);
    const store = await createPostgresEventStore({ connectionString: db.url });
    try {
      expect((await store.readStream('bet-1')).map((e) => e.data)).to.deep.equal([{ b: 1 }]);
      await store.append('bet-1', [event('BetSettled', { c: 3 })], 0n);
      expect((await store.readStream('bet-1')).map((e) => e.revision)).to.deep.equal([0n, 1n]);
    } finally {
      await store.close();
    }
    expect(await recorded(db.url)).to.deep.equal(['2026-11-23-001-event-log', '2026-11-28-002-readable-horizon']);
  });
});
