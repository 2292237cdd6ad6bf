import { expect } from 'chai';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, type PostgresEventStore } from '@bt/event-store';
import { addDays, dayOf, streams } from '@bt/contracts';
import type { Database } from '@bt/read-models';
import { startProjector } from './projector';
import { rebuildReadModels } from './rebuild';

describe('re-dating parlays stored before schema version 2 (real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 100 });
    ({ db } = createDb<Database>(database.url, 2));
  });
  after(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('a rebuild dates an old parlay, dated by the server on the day it was entered, on its latest leg’s date', async () => {
    const userId = randomUUID();
    const parlayId = randomUUID();
    const occurredAt = new Date().toISOString();
    const entryDay = dayOf(occurredAt);
    const legDay = addDays(entryDay, -100);
    const leg = { sport: 'football', event: 'Chiefs vs Bills', selection: 'Chiefs', odds: '+100', outcome: 'win' };
    // As the server wrote it before version 2: no date in the body, so the parlay's date was "today".
    const old = {
      type: 'ParlayCreated',
      data: {
        userId,
        parlayId,
        name: 'Backfilled',
        stake: 10,
        notes: null,
        date: entryDay,
        legs: [leg, leg].map((l, i) => ({ ...l, date: addDays(legDay, -i) })),
      },
      metadata: { occurredAt, commandId: randomUUID(), schemaVersion: 1 },
    };
    await store.append(streams.parlay(parlayId), [old], 'no_stream');
    const projector = await startProjector({ store, databaseUrl: database.url, batchSize: 50 });
    await projector.caughtUp();
    await projector.stop();
    // The read model as the projector before version 2 left it: dated the day of entry.
    await sql`update read.parlays set date = ${entryDay}, date_set = true where id = ${parlayId}`.execute(db);
    await sql`update read.bets set date = ${entryDay} where id = ${parlayId}`.execute(db);

    await rebuildReadModels({ store, databaseUrl: database.url, fresh: true });

    const parlay = await db
      .withSchema('read')
      .selectFrom('parlays')
      .select(['date', 'date_set'])
      .where('id', '=', parlayId)
      .executeTakeFirstOrThrow();
    expect(parlay).to.deep.equal({ date: legDay, date_set: false });
    const row = await db.withSchema('read').selectFrom('bets').select(['date']).where('id', '=', parlayId).executeTakeFirstOrThrow();
    expect(row.date).to.equal(legDay);
    const days = await db.withSchema('read').selectFrom('daily').select(['date']).where('user_id', '=', userId).execute();
    expect(days.map((d) => d.date)).to.deep.equal([legDay]);
    const [stored] = await store.readStream(streams.parlay(parlayId));
    expect(stored.data).to.deep.equal(old.data);
    expect(stored.metadata.schemaVersion).to.equal(1);
  });
});
