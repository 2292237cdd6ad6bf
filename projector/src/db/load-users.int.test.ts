import { expect } from 'chai';
import { sql } from 'kysely';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { type Database, migrateReadModels, newUserState } from '@bt/read-models';
import { EventLog } from '@bt/read-models/testing';
import { ProjectionEngine } from '../engine/projection-engine';
import { loadUserStates } from './load-users';
import { writeChanges } from './writer';

describe("loading users' states from the tables", () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createDb<Database>>['db'];

  before(async () => {
    database = await createTestDatabase();
    ({ db } = createDb<Database>(database.url, 2));
    await migrateReadModels(db, 'read');
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('loads the same states paced (a page of rows after each turn) as at once, for more rows than a page', async () => {
    const big = new EventLog();
    big.at('2025-03-01T12:00:00.000Z').register(`${big.userId}@example.com`, 'big');
    big.addFunds(500);
    for (let i = 0; i < 2_300; i++) big.placeBet({ event: `Game ${i}`, sport: i % 2 ? 'basketball' : 'football' }, i % 3 ? 'win' : 'loss');
    const small = new EventLog();
    small.at('2025-03-01T12:00:00.000Z').register(`${small.userId}@example.com`, 'small');
    small.placeBet({ event: 'One' }, 'win');
    const engine = new ProjectionEngine();
    await engine.apply([...big.events, ...small.events], async (ids) => new Map(ids.map((id) => [id, newUserState(id)])));
    await writeChanges(db, 'read', engine.takeChanges());
    const ids = [big.userId, small.userId, '00000000-0000-4000-8000-000000000000'];

    const atOnce = await loadUserStates(db, 'read', ids);
    let turns = 0;
    const paced = await db.transaction().execute((trx) => loadUserStates(trx, 'read', ids, async () => void turns++));

    expect(turns, 'a turn before each table and each further page').to.be.greaterThan(4);
    expect([...paced.keys()]).to.deep.equal(ids);
    for (const id of ids) expect(paced.get(id), id).to.deep.equal(atOnce.get(id));
    expect(atOnce.get(big.userId), 'the big user was loaded, not new').to.not.deep.equal(newUserState(big.userId));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from read.bets where user_id = ${big.userId}`.execute(db);
    expect(rows[0].n).to.equal(2_300);
  });
});
