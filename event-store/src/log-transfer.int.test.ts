import { expect } from 'chai';
import { event, streamId } from './contract-helpers';
import { DivergentStream, copyLog, type CopyProgress } from './log-transfer';
import { START, type EventStore, type RecordedEvent } from './port';
import { createPostgresEventStore, type PostgresEventStore } from './postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from './testing/postgres';

describe('copying the log from one store to another (Postgres to Postgres)', () => {
  const databases: TestDatabase[] = [];
  const stores: PostgresEventStore[] = [];
  let source: EventStore;

  const freshStore = async () => {
    const db = await createTestDatabase();
    databases.push(db);
    const store = await createPostgresEventStore({ connectionString: db.url, poolSize: 2 });
    stores.push(store);
    return store;
  };

  before(async () => {
    source = await freshStore();
    const [bet, bankroll, user] = [streamId('bet'), streamId('bankroll'), streamId('user')];
    await source.append(user, [event('UserRegistered', { email: 'a@b.c' })], 'no_stream');
    await source.append(bet, [event('BetPlaced', { stake: 10 }), event('BetSettled', { outcome: 'win' })], 'no_stream');
    for (let i = 0; i < 20; i++) await source.append(bankroll, [event(i % 2 ? 'FundsWithdrawn' : 'FundsAdded', { i })], 'any');
    await source.append(bet, [event('BetRemoved', {})], 1n);
    await source.append(
      user,
      [
        {
          type: 'EmailChanged',
          data: { to: 'ü@b.c' },
          metadata: { occurredAt: '2024-01-01T00:00:00.000Z', commandId: 'c-1', schemaVersion: 3, extra: [1, { x: null }] },
        },
      ],
      0n,
    );
  });

  after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await Promise.all(databases.map((d) => d.drop()));
  });

  it('copies every event in global order, keeping streams, revisions, ids, types, data and metadata', async () => {
    const target = await freshStore();
    const reports: CopyProgress[] = [];
    const result = await copyLog(source, target, (p) => reports.push(p), { pageSize: 7 });
    expect(result).to.include({ copied: 25, skipped: 0 });
    expect(reports.map((r) => r.copied)).to.deep.equal([7, 14, 21, 25]);
    expect(essence(await readWholeLog(target))).to.deep.equal(essence(await readWholeLog(source)));
  });

  it('continues an interrupted copy without duplicating anything, and a re-run of a finished copy adds nothing', async () => {
    const target = await freshStore();
    let pages = 0;
    const stop = () => {
      if (++pages === 2) throw new Error('killed');
    };
    const interrupted = await copyLog(source, target, stop, { pageSize: 6 }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(interrupted).to.equal('killed');
    expect(await readWholeLog(target)).to.have.length(12);

    const resumed = await copyLog(source, target, undefined, { pageSize: 4 });
    expect(resumed).to.include({ copied: 13, skipped: 12 });
    expect(essence(await readWholeLog(target))).to.deep.equal(essence(await readWholeLog(source)));

    const again = await copyLog(source, target);
    expect(again).to.include({ copied: 0, skipped: 25 });
    expect(await readWholeLog(target)).to.have.length(25);
  });

  it('stops at a target stream whose history differs from the source', async () => {
    const target = await freshStore();
    const [first] = await source.readAll({ after: START, maxCount: 1 });
    await target.append(first.streamId, [event('SomethingElse', {})], 'no_stream');
    const error = await copyLog(source, target).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(DivergentStream);
    expect(error).to.include({ streamId: first.streamId, revision: 0n });
  });
});

async function readWholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let after = START; ;) {
    const page = await store.readAll({ after, maxCount: 100 });
    if (page.length === 0) return all;
    all.push(...page);
    after = page[page.length - 1].position;
  }
}

/** What a copy keeps: everything but the store's own position and recording time. */
const essence = (events: RecordedEvent[]) => events.map(({ position: _p, recordedAt: _r, ...kept }) => kept);
