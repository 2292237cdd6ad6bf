import { expect } from 'chai';
import type pg from 'pg';
import { sql } from 'kysely';
import { createDb, metricsRegistry } from '@bt/platform';
import { bulkInsertEvents, createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createPostgresEventStore, type PostgresEventStore, type RecordedEvent, START } from '@bt/event-store';
import { type Database, replayUser } from '@bt/read-models';
import { startProjector, type RunningProjector } from './projector';
import { rebuildReadModels } from './rebuild';
import { retrySetAsideUsers } from './restore';
import { snapshotTables, userRowsFromTables } from './testing/database';
import { EventLog } from '@bt/read-models/testing';

/** Writes events as they are, with none of append's checks: what a bug, or an old log, could hold. */
const writeRaw = async (pool: pg.Pool, events: readonly RecordedEvent[], revisions: Map<string, number>) => {
  await bulkInsertEvents(
    pool,
    'eventstore',
    events.map((e) => {
      const revision = (revisions.get(e.streamId) ?? -1) + 1;
      revisions.set(e.streamId, revision);
      return { streamId: e.streamId, revision, type: e.type, data: e.data, metadata: e.metadata };
    }),
  );
};

/** Appends a user's events through the store, as commands do. */
const appendLog = async (store: PostgresEventStore, events: readonly RecordedEvent[]) => {
  for (const e of events) await store.append(e.streamId, [{ type: e.type, data: e.data, metadata: e.metadata }], 'any');
};

/** A fresh database with the Postgres store, and the projector a test starts there (stopped after). */
const useDatabase = () => {
  const t = {} as {
    database: TestDatabase;
    store: PostgresEventStore;
    db: ReturnType<typeof createDb<Database>>['db'];
    pool: pg.Pool;
    projector?: RunningProjector;
  };
  before(async () => {
    t.database = await createTestDatabase();
    t.store = await createPostgresEventStore({ connectionString: t.database.url, pollIntervalMs: 100 });
    ({ db: t.db, pool: t.pool } = createDb<Database>(t.database.url, 4));
  });
  after(async () => {
    await t.projector?.stop();
    await t.store?.close();
    await t.db?.destroy();
    await t.database?.drop();
  });
  return t;
};

const withoutFailureTimes = (snapshot: Record<string, unknown[]>) => ({
  ...snapshot,
  projection_failures: snapshot.projection_failures.map((row) => ({ ...(row as object), failed_at: undefined })),
});

describe('a user whose events cannot be projected is set aside, and nobody else stops', () => {
  const t = useDatabase();
  const lines: string[] = [];
  const revisions = new Map<string, number>();

  // Each poisoned user first has good events, then one of these.
  const poisoned = {
    overflowingDate: new EventLog(),
    nulInText: new EventLog(),
    numberOutOfRange: new EventLog(),
    throwsInFold: new EventLog(),
  };
  const notAUuid = 'not-a-uuid';
  const good = [new EventLog(), new EventLog(), new EventLog()];

  const start = async () =>
    (t.projector = await startProjector({
      store: t.store,
      databaseUrl: t.database.url,
      batchTimeMs: 5,
      batchSize: 50,
      log: (l) => lines.push(l),
    }));

  const failures = async () => t.db.withSchema('read').selectFrom('projection_failures').selectAll().orderBy('user_id').execute();

  const betsOf = async (userId: string) =>
    (await t.db.withSchema('read').selectFrom('bets').select('event').where('user_id', '=', userId).orderBy('event').execute()).map(
      (r) => r.event,
    );

  it('sets each poisoned user aside while other users write concurrently, and keeps everyone else current', async () => {
    await start();
    for (const log of [...Object.values(poisoned), ...good]) {
      log.register();
      log.placeBet({ event: 'Before the poison' }, 'win');
    }
    await appendLog(
      t.store,
      Object.values(poisoned).flatMap((l) => l.events),
    );
    await t.projector!.caughtUp();

    const poison: RecordedEvent[] = [];
    const goalId = poisoned.overflowingDate.setGoal({ startDate: '2025-03-01' });
    const goal = poisoned.overflowingDate.events.find((e) => (e.data as { goalId?: string }).goalId === goalId)!;
    Object.assign(goal.data as object, { startDate: '9999-12-31', endDate: '+010000-01-01' });
    poison.push(goal);
    const nulBet = poisoned.nulInText.placeBet({ event: 'Lakers' });
    const nul = poisoned.nulInText.events.find((e) => (e.data as { betId?: string }).betId === nulBet)!;
    Object.assign(nul.data as object, { event: 'Lakers\u0000 vs Celtics' });
    poison.push(nul);
    const hugeBet = poisoned.numberOutOfRange.placeBet({ event: 'Huge' }, 'win');
    for (const e of poisoned.numberOutOfRange.events.filter((e) => (e.data as { betId?: string }).betId === hugeBet)) {
      if (e.type === 'BetPlaced') Object.assign(e.data as object, { stake: 1e300 });
      poison.push(e);
    }
    const parlayId = poisoned.throwsInFold.createParlay([{}, {}]);
    const parlay = poisoned.throwsInFold.events.find((e) => (e.data as { parlayId?: string }).parlayId === parlayId)!;
    Object.assign(parlay.data as object, { legs: null });
    poison.push(parlay);
    const stranger = new EventLog();
    const strangerBet = stranger.placeBet({ event: 'Nobody' });
    const foreign = stranger.events.find((e) => (e.data as { betId?: string }).betId === strangerBet)!;
    Object.assign(foreign.data as object, { userId: notAUuid });
    poison.push(foreign);

    // The good users write throughout, through the t.store; the poison goes straight into its tables.
    const writers = good.map(async (log, n) => {
      const before = log.events.length;
      for (let i = 0; i < 15; i++) log.placeBet({ event: `Good ${n}.${String(i).padStart(2, '0')}` }, i % 2 ? 'win' : 'loss');
      await appendLog(t.store, [...log.events.slice(0, 2), ...log.events.slice(before)]);
    });
    await Promise.all([...writers, ...poison.map((e) => writeRaw(t.pool, [e], revisions))]);
    await t.projector!.caughtUp();

    for (const [n, log] of good.entries()) {
      expect(await betsOf(log.userId), `user ${n}'s bets`).to.have.length(16);
    }
    const set = await failures();
    expect(set.map((f) => f.user_id).sort()).to.deep.equal([...Object.values(poisoned).map((l) => l.userId), notAUuid].sort());
    const byUser = new Map(set.map((f) => [f.user_id, f]));
    expect(byUser.get(poisoned.nulInText.userId)!.stream_id).to.equal(nul.streamId);
    expect(byUser.get(poisoned.nulInText.userId)!.event_type).to.equal('BetPlaced');
    expect(byUser.get(poisoned.overflowingDate.userId)!.error).to.match(/date/);
    expect(byUser.get(notAUuid)!.error).to.match(/not a UUID/);
    // What was projected before the poison stays; nothing of the poisoned event is half-written.
    for (const log of Object.values(poisoned)) expect(await betsOf(log.userId)).to.deep.equal(['Before the poison']);
    expect(lines.some((l) => l.includes(`user ${poisoned.nulInText.userId} set aside`))).to.equal(true);
  });

  it('skips later events of a set-aside user but notes their new streams, and still follows everyone else', async () => {
    const later = poisoned.nulInText.placeBet({ event: 'After the poison' });
    good[0].placeBet({ event: 'Good 0.later' });
    await appendLog(t.store, [...poisoned.nulInText.events.slice(-1), ...good[0].events.slice(-1)]);
    await t.projector!.caughtUp();
    expect(await betsOf(good[0].userId)).to.include('Good 0.later');
    expect(await betsOf(poisoned.nulInText.userId)).to.deep.equal(['Before the poison']);
    const streams = await t.db
      .withSchema('read')
      .selectFrom('user_streams')
      .select('stream_id')
      .where('user_id', '=', poisoned.nulInText.userId)
      .execute();
    expect(streams.map((s) => s.stream_id)).to.include(`bet-${later}`);
  });

  it('goes on after a restart without stalling on the poison again', async () => {
    await t.projector!.stop();
    t.projector = undefined;
    good[1].placeBet({ event: 'Good 1.after restart' });
    await appendLog(t.store, good[1].events.slice(-1));
    await start();
    await t.projector!.caughtUp();
    expect(await betsOf(good[1].userId)).to.include('Good 1.after restart');
    expect(await failures()).to.have.length(5);
  });

  it('rebuilds to the end, setting aside the same users, with the same rows for everyone', async () => {
    await t.projector!.caughtUp();
    const live = withoutFailureTimes(await snapshotTables(t.db, 'read'));
    const result = await rebuildReadModels({ store: t.store, databaseUrl: t.database.url, fresh: true });
    expect(result.setAside).to.equal(5);
    await t.projector!.caughtUp();
    expect(withoutFailureTimes(await snapshotTables(t.db, 'read'))).to.deep.equal(live);
  });

  it('brings a set-aside user back with retry once their events project, and keeps the still-poisoned ones aside', async () => {
    // As if an earlier version of the t.projector had failed on this healthy user's bet.
    const healthy = good[2];
    const first = (await t.store.readAll({ after: START, maxCount: 100_000 })).find(
      (e) => (e.data as { userId?: string }).userId === healthy.userId,
    )!;
    await sql`insert into read.projection_failures values (${healthy.userId}, ${first.streamId}, '0', '0.0', ${first.type}, 'an old bug', now())`.execute(
      t.db,
    );
    healthy.placeBet({ event: 'Good 2.while aside' });
    await appendLog(t.store, healthy.events.slice(-1));
    await t.projector!.caughtUp();
    expect(await betsOf(healthy.userId)).not.to.include('Good 2.while aside');

    const result = await retrySetAsideUsers({ store: t.store, databaseUrl: t.database.url });
    expect(result.restored).to.deep.equal([healthy.userId]);
    expect(result.stillFailing).to.have.members([...Object.values(poisoned).map((l) => l.userId), notAUuid]);
    const events = (await t.store.readAll({ after: START, maxCount: 100_000 })).filter(
      (e) => (e.data as { userId?: string }).userId === healthy.userId,
    );
    expect(await userRowsFromTables(t.db, 'read', healthy.userId)).to.deep.equal(replayUser(events, { userId: healthy.userId }));

    healthy.placeBet({ event: 'Good 2.after retry' });
    await appendLog(t.store, healthy.events.slice(-1));
    await t.projector!.caughtUp();
    expect(await betsOf(healthy.userId)).to.include.members(['Good 2.while aside', 'Good 2.after retry']);
    expect((await failures()).map((f) => f.user_id)).not.to.include(healthy.userId);
  });

  it('clears a set-aside user id that is not a UUID once no event names it, and the set-aside gauge stops counting it', async () => {
    // What /metrics serves: the registry this process's running projector reports to.
    const setAsideGauge = async () => Number(/^projector_set_aside_users (\d+)$/m.exec(await metricsRegistry().metrics())?.[1]);
    expect(await setAsideGauge()).to.equal(5);
    const entry = (await failures()).find((f) => f.user_id === notAUuid)!;
    // Still named by its event: it stays aside.
    expect((await retrySetAsideUsers({ store: t.store, databaseUrl: t.database.url, userIds: [notAUuid] })).stillFailing).to.deep.equal([
      notAUuid,
    ]);
    await sql`delete from eventstore.events where stream_id = ${entry.stream_id}`.execute(t.db);

    const result = await retrySetAsideUsers({ store: t.store, databaseUrl: t.database.url });
    expect(result.restored).to.deep.equal([notAUuid]);
    expect(result.stillFailing).to.have.members(Object.values(poisoned).map((l) => l.userId));
    expect((await failures()).map((f) => f.user_id)).not.to.include(notAUuid);
    expect(await setAsideGauge()).to.equal(4);
    // The live projector goes on as before for everyone.
    good[0].placeBet({ event: 'Good 0.after the clear' });
    await appendLog(t.store, good[0].events.slice(-1));
    await t.projector!.caughtUp();
    expect(await betsOf(good[0].userId)).to.include('Good 0.after the clear');
  });
});

describe('a row Postgres refuses for a reason no check foresaw (an id another user holds)', () => {
  const t = useDatabase();
  const owner = new EventLog();
  const copier = new EventLog();
  let betId: string;

  it('sets aside only the user whose rows were refused, in the same batch as everyone else', async () => {
    owner.register();
    betId = owner.placeBet({ event: 'Mine' }, 'win');
    copier.register();
    copier.placeBet({ event: 'Before the copy' });
    copier.placeBet({ event: 'The copy' });
    const copy = copier.events[copier.events.length - 1];
    // Same batch: the copier's bet claims the owner's bet id, from a stream of its own.
    const events = [...owner.events, ...copier.events.slice(0, -1)];
    const revisions = new Map<string, number>();
    await writeRaw(t.pool, events, revisions);
    await writeRaw(t.pool, [{ ...copy, streamId: `bet-copy-${betId}`, data: { ...(copy.data as object), betId } }], revisions);
    owner.placeBet({ event: 'Mine, later' });
    await writeRaw(t.pool, owner.events.slice(-1), revisions);

    t.projector = await startProjector({
      store: t.store,
      databaseUrl: t.database.url,
      batchSize: 1000,
      batchTimeMs: 5,
      log: () => undefined,
    });
    await t.projector.caughtUp();
    const failures = await t.db.withSchema('read').selectFrom('projection_failures').selectAll().execute();
    expect(failures.map((f) => f.user_id)).to.deep.equal([copier.userId]);
    expect(failures[0].error).to.match(/duplicate key/);
    const bets = await t.db.withSchema('read').selectFrom('bets').select(['user_id', 'event']).orderBy('event').execute();
    expect(bets).to.deep.equal([
      { user_id: copier.userId, event: 'Before the copy' },
      { user_id: owner.userId, event: 'Mine' },
      { user_id: owner.userId, event: 'Mine, later' },
    ]);
  });

  it('does the same in a rebuild, whose COPY the refused row would otherwise fail', async () => {
    const live = withoutFailureTimes(await snapshotTables(t.db, 'read'));
    const result = await rebuildReadModels({ store: t.store, databaseUrl: t.database.url, fresh: true });
    expect(result.setAside).to.equal(1);
    expect(withoutFailureTimes(await snapshotTables(t.db, 'read'))).to.deep.equal(live);
  });
});
