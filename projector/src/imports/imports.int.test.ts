import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { IMPORT_METADATA_KEY, streams } from '@bt/contracts';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, formatPosition, START, type NewEvent, type PostgresEventStore } from '@bt/event-store';
import { type Database, replayUser } from '@bt/read-models';
import { startProjector, type RunningProjector } from '../projector';
import { rebuildReadModels } from '../rebuild';
import { appendAll, snapshotTables, userRowsFromTables } from '../testing/database';
import { generateHistory } from '../testing/generate';
import { releaseHold } from './release';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('imports: held until they end, then all at once (real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDb<Database>>['db'];

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    ({ db } = createDb<Database>(database.url, 2));
  });
  after(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  const meta = (extra: Record<string, unknown> = {}) => ({
    occurredAt: new Date().toISOString(),
    commandId: randomUUID(),
    schemaVersion: 4,
    ...extra,
  });
  const register = (userId: string) =>
    store.append(
      streams.user(userId),
      [{ type: 'UserRegistered', data: { userId, email: `${userId}@example.com`, username: null, passwordHash: 'x' }, metadata: meta() }],
      'no_stream',
    );
  /** A BetPlaced of the user, on its own stream; `extra` metadata (an import's id). */
  const bet = (
    userId: string,
    extra: Record<string, unknown> = {},
    fields: { event?: string; stake?: number } = {},
  ): [string, NewEvent[]] => {
    const betId = randomUUID();
    const data = {
      userId,
      betId,
      sport: 'soccer',
      event: fields.event ?? 'A v B',
      betType: 'moneyline',
      odds: '+100',
      stake: fields.stake ?? 10,
      notes: null,
      date: '2026-11-01',
    };
    return [streams.bet(betId), [{ type: 'BetPlaced', data, metadata: meta(extra) }]];
  };

  const holds = () => db.withSchema('read').selectFrom('import_holds').selectAll().orderBy('user_id').execute();

  /** Caught up, and every hold whose import ended released (the release runs beside the batches). */
  const settled = async (projector: RunningProjector) => {
    await projector.caughtUp();
    for (let i = 0; i < 500; i++) {
      if ((await holds()).every((hold) => hold.open && hold.started_before === hold.import_id)) return;
      await sleep(20);
    }
    expect.fail(`holds left to release: ${JSON.stringify(await holds())}`);
  };

  /** Every user's rows (or only `only`'s: a user set aside by an earlier test has none) equal their replay. */
  const expectTablesToMatchReplay = async (only?: string[]) => {
    const log = await store.readAll({ after: START, maxCount: 1_000_000 });
    const users = new Set(only ?? log.map((e) => (e.data as { userId: string }).userId));
    for (const userId of users) {
      const tables = await userRowsFromTables(db, 'read', userId);
      const replayed = replayUser(log, { userId });
      for (const key of Object.keys(replayed) as (keyof typeof replayed)[]) {
        expect(tables[key], `${key} of ${userId}`).to.deep.equal(replayed[key]);
      }
    }
  };

  it('projects live exactly what a replay through the import rule gives, and a rebuild writes the same rows and holds', async () => {
    const history = generateHistory({ users: 8, events: 1500, seed: 34, imports: true });
    expect(history.filter((e) => e.event.type === 'ImportCommitted').length).to.be.greaterThan(3);
    expect(history.filter((e) => e.event.type === 'ImportAbandoned').length).to.be.greaterThan(0);
    await appendAll(store, history);
    const projector = await startProjector({ store, databaseUrl: database.url, batchSize: 50 });
    await settled(projector);
    await projector.stop();
    await expectTablesToMatchReplay();
    const live = { ...(await snapshotTables(db, 'read')), holds: await holds() };

    await rebuildReadModels({ store, databaseUrl: database.url, fresh: true, pageSize: 70, flushEveryEvents: 200 });
    expect({ ...(await snapshotTables(db, 'read')), holds: await holds() }).to.deep.equal(live);
    await rebuildReadModels({
      store,
      databaseUrl: database.url,
      eventStoreUrl: database.url,
      fresh: true,
      pageSize: 70,
      flushEveryEvents: 200,
      partitions: 3,
    });
    expect({ ...(await snapshotTables(db, 'read')), holds: await holds() }).to.deep.equal(live);
  });

  it('keeps a user’s rows as they were while their import runs, moves on for everyone else, then shows all of it at once', async () => {
    const projector = await startProjector({ store, databaseUrl: database.url });
    try {
      const betCount = async (userId: string) =>
        (await db.withSchema('read').selectFrom('bets').select('id').where('user_id', '=', userId).execute()).length;

      const [importer, other] = [randomUUID(), randomUUID()];
      await register(importer);
      await register(other);
      await store.append(...bet(importer), 'no_stream');
      await projector.caughtUp();

      const importId = randomUUID();
      const lifecycle = streams.imports(importer);
      await store.append(
        lifecycle,
        [{ type: 'ImportStarted', data: { userId: importer, importId, key: 'k1', rows: 3 }, metadata: meta() }],
        'no_stream',
      );
      for (let i = 0; i < 3; i++) await store.append(...bet(importer, { [IMPORT_METADATA_KEY]: importId }), 'no_stream');
      await store.append(...bet(importer), 'no_stream'); // a bet of theirs placed meanwhile
      await store.append(...bet(other), 'no_stream');
      await projector.caughtUp();
      expect(await betCount(other), 'another user is projected as ever').to.equal(1);
      expect(await betCount(importer), 'the importing user’s rows wait').to.equal(1);
      const held = (await holds()).filter((h) => h.user_id === importer || h.user_id === other);
      expect(held.map((h) => [h.user_id, h.import_id, h.open])).to.deep.equal([[importer, importId, true]]);

      await store.append(
        lifecycle,
        [{ type: 'ImportCommitted', data: { userId: importer, importId, imported: 3, amended: 0, skipped: 0 }, metadata: meta() }],
        0n,
      );
      await settled(projector);
      const mine = async () => (await holds()).filter((h) => h.user_id === importer);
      expect(await mine()).to.deep.equal([]);
      expect(await betCount(importer), 'the import and the bet placed meanwhile').to.equal(5);

      // An abandoned import: none of its rows, ever; the user is projected live again after it.
      const abandoned = randomUUID();
      await store.append(
        lifecycle,
        [{ type: 'ImportStarted', data: { userId: importer, importId: abandoned, key: null, rows: 2 }, metadata: meta() }],
        1n,
      );
      for (let i = 0; i < 2; i++) await store.append(...bet(importer, { [IMPORT_METADATA_KEY]: abandoned }), 'no_stream');
      await store.append(
        lifecycle,
        [{ type: 'ImportAbandoned', data: { userId: importer, importId: abandoned, reason: 'interrupted' }, metadata: meta() }],
        2n,
      );
      await settled(projector);
      // A straggler of the abandoned import, appended after its end, never counts either.
      await store.append(...bet(importer, { [IMPORT_METADATA_KEY]: abandoned }), 'no_stream');
      await store.append(...bet(importer), 'no_stream');
      await projector.caughtUp();
      expect(await betCount(importer)).to.equal(6);
      expect(await mine()).to.deep.equal([]);
    } finally {
      await projector.stop();
    }
    await expectTablesToMatchReplay();
  });

  it('sets aside a user whose import holds an event it cannot project, with none of the import written and the hold ended', async () => {
    const projector = await startProjector({ store, databaseUrl: database.url });
    try {
      const userId = randomUUID();
      await register(userId);
      const placed = (event: string, extra: Record<string, unknown> = {}, stake = 10) => bet(userId, extra, { event, stake });
      await store.append(...placed('before'), 'no_stream');
      const importId = randomUUID();
      const lifecycle = streams.imports(userId);
      await store.append(
        lifecycle,
        [{ type: 'ImportStarted', data: { userId, importId, key: null, rows: 1500 }, metadata: meta() }],
        'no_stream',
      );
      // More than a release's slice, the bad one last (a stake Postgres cannot store): what the slices before it wrote is taken back.
      for (let i = 0; i < 1500; i++)
        await store.append(...placed(`row ${i}`, { [IMPORT_METADATA_KEY]: importId }, i === 1499 ? 1e300 : 10), 'no_stream');
      await store.append(
        lifecycle,
        [{ type: 'ImportCommitted', data: { userId, importId, imported: 1500, amended: 0, skipped: 0 }, metadata: meta() }],
        0n,
      );
      await settled(projector);
      const read = db.withSchema('read');
      expect((await read.selectFrom('import_holds').selectAll().where('user_id', '=', userId).execute()).length).to.equal(0);
      expect((await read.selectFrom('projection_failures').select('user_id').where('user_id', '=', userId).execute()).length).to.equal(1);
      const bets = await read.selectFrom('bets').select('event').where('user_id', '=', userId).execute();
      expect(bets.map((b) => b.event)).to.deep.equal(['before']);
    } finally {
      await projector.stop();
    }
  });

  it('releases an import while other users write without pause, and shows all of it', async () => {
    const projector = await startProjector({ store, databaseUrl: database.url });
    const [importer, ...others] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const userId of [importer, ...others]) await register(userId);
    let writing = true;
    // Other users' bets, appended as fast as the log takes them until the release is done.
    const writers = others.map(async (userId) => {
      while (writing) await store.append(...bet(userId), 'no_stream');
    });
    try {
      const importId = randomUUID();
      const lifecycle = streams.imports(importer);
      await store.append(
        lifecycle,
        [{ type: 'ImportStarted', data: { userId: importer, importId, key: null, rows: 600 }, metadata: meta() }],
        'no_stream',
      );
      for (let i = 0; i < 600; i++) await store.append(...bet(importer, { [IMPORT_METADATA_KEY]: importId }), 'no_stream');
      await store.append(
        lifecycle,
        [{ type: 'ImportCommitted', data: { userId: importer, importId, imported: 600, amended: 0, skipped: 0 }, metadata: meta() }],
        0n,
      );
      const read = db.withSchema('read');
      for (let i = 0; ; i++) {
        const held = await read.selectFrom('import_holds').select('user_id').where('user_id', '=', importer).execute();
        if (held.length === 0) break;
        if (i > 1500) expect.fail('the import is still held while others write');
        await sleep(20);
      }
      const shown = await read.selectFrom('bets').select('id').where('user_id', '=', importer).execute();
      expect(shown.length, 'every row of the import, released while others wrote').to.equal(600);
    } finally {
      writing = false;
      await Promise.all(writers);
      await settled(projector);
      await projector.stop();
    }
    await expectTablesToMatchReplay([importer, ...others]);
  });

  it('releases the imports that ended without taking the batch lock while another import of the user is open', async () => {
    const importer = randomUUID();
    await register(importer);
    const [first, second] = [randomUUID(), randomUUID()];
    const lifecycle = streams.imports(importer);
    const start = (importId: string) => ({
      type: 'ImportStarted',
      data: { userId: importer, importId, key: null, rows: 3 },
      metadata: meta(),
    });
    const projector = await startProjector({ store, databaseUrl: database.url });
    try {
      await store.append(lifecycle, [start(first)], 'no_stream');
      await projector.caughtUp();
    } finally {
      await projector.stop();
    }
    // Meanwhile, as the projector would see them next: the first import ends and a second starts.
    for (let i = 0; i < 3; i++) await store.append(...bet(importer, { [IMPORT_METADATA_KEY]: first }), 'no_stream');
    const end = { userId: importer, importId: first, imported: 3, amended: 0, skipped: 0 };
    await store.append(lifecycle, [{ type: 'ImportCommitted', data: end, metadata: meta() }, start(second)], 0n);
    await store.append(...bet(importer, { [IMPORT_METADATA_KEY]: second }), 'no_stream');
    const read = db.withSchema('read');
    await read.updateTable('import_holds').set({ import_id: second }).where('user_id', '=', importer).execute();

    const head = formatPosition(await store.headPosition());
    const locked: boolean[] = [];
    const target = {
      db,
      store,
      schema: 'read',
      transaction: <T>(isLocked: boolean, work: (trx: typeof db, position: string | undefined) => Promise<T>) => {
        locked.push(isLocked);
        return db.transaction().execute((trx) => work(trx, head));
      },
    };
    expect(await releaseHold(target, importer), 'held while the second import is open').to.equal(false);
    expect(locked, 'no step under the batch lock: it could not end the hold').to.deep.equal([false]);
    const shown = await read.selectFrom('bets').select('id').where('user_id', '=', importer).execute();
    expect(shown.length, 'the first import, released').to.equal(3);
    const [hold] = await holds().then((all) => all.filter((h) => h.user_id === importer));
    expect([hold.import_id, hold.open, hold.started_before]).to.deep.equal([second, true, second]);
  });
});
