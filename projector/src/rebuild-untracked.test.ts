import { expect } from 'chai';
import {
  newUserState,
  replayUser,
  type RowChanges,
  Snapshots,
  TABLES,
  type TableName,
  untrackedUserState,
  userOf,
  type UserState,
} from '@bt/read-models';
import { formatPosition, type RecordedEvent } from '@bt/event-store';
import { ProjectionEngine } from './engine/projection-engine';
import { generateHistory } from './testing/generate';
import { recordedHistory } from './testing/recorded';

/*
 * A rebuild folds each user from their first event with states that record no writes
 * (untrackedUserState) and takes their rows once. The live projector records every write and takes
 * what changed per batch. Both must leave the tables holding the same rows.
 */

type Tables = Map<TableName, Map<string, object>>;
const keyOf = (table: TableName, row: object) => TABLES[table].key.map((c) => String((row as Record<string, unknown>)[c])).join('|');

/** Files changes into in-memory tables as Postgres would, refusing an insert of a held key or a delete of a missing one. */
const write = (tables: Tables, changes: RowChanges): void => {
  for (const table of Object.keys(changes) as TableName[]) {
    const rows = tables.get(table) ?? new Map<string, object>();
    tables.set(table, rows);
    const { inserts, upserts, deletes } = changes[table];
    for (const row of inserts) {
      expect(rows.has(keyOf(table, row)), `${table}: insert of a held row`).to.equal(false);
      rows.set(keyOf(table, row), structuredClone(row));
    }
    for (const row of upserts) rows.set(keyOf(table, row), structuredClone(row));
    for (const key of deletes) expect(rows.delete(keyOf(table, key)), `${table}: delete of a missing row`).to.equal(true);
  }
};

/** Folds `events` in pages of 37 into in-memory tables, taking the changes after every `takeEvery` pages and at the end. */
const fold = async (events: readonly RecordedEvent[], newState: (userId: string) => UserState, takeEvery: number): Promise<Tables> => {
  const engine = new ProjectionEngine();
  const tables: Tables = new Map();
  const fresh = (ids: string[]) => Promise.resolve(new Map(ids.map((id) => [id, newState(id)])));
  for (let i = 0, pages = 1; i < events.length; i += 37, pages++) {
    await engine.apply(events.slice(i, i + 37), fresh);
    if (pages % takeEvery === 0) write(tables, engine.takeChanges());
  }
  write(tables, engine.takeChanges());
  return tables;
};

const sorted = (rows: Map<string, object> | undefined) => [...(rows ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe("the rebuild's untracked fold", () => {
  for (const seed of [3, 17, 29]) {
    it(`writes the rows the live projector's tracked fold writes batch by batch (generated history, seed ${seed})`, async () => {
      const events = recordedHistory(generateHistory({ users: 6, events: 2500, seed, imports: true }));
      const live = await fold(events, newUserState, 1);
      const rebuilt = await fold(events, untrackedUserState, Number.POSITIVE_INFINITY);
      let rows = 0;
      for (const table of Object.keys(TABLES) as TableName[]) {
        expect(sorted(rebuilt.get(table)), table).to.deep.equal(sorted(live.get(table)));
        rows += live.get(table)?.size ?? 0;
      }
      expect(rows).to.be.greaterThan(events.length / 2); // analytics groups of every day: about a row per event
    });
  }

  it('takes snapshots mid-fold (rows it derives when read, as analytics) that replay on to what a replay from the first event computes', async () => {
    const events = recordedHistory(generateHistory({ users: 2, events: 1500, seed: 5 }));
    const engine = new ProjectionEngine();
    const snapshots = new Snapshots({ minEvents: 150, growth: 0, maxMarks: Number.POSITIVE_INFINITY });
    for (const userId of new Set(events.map((event) => userOf(event)!))) snapshots.startUser(userId);
    for (let i = 0; i < events.length; i += 37) {
      const page = events.slice(i, i + 37);
      await engine.apply(page, (ids) => Promise.resolve(new Map(ids.map((id) => [id, untrackedUserState(id)]))));
      snapshots.observe(page, (id) => engine.snapshotState(id));
    }
    const taken = snapshots.take().snapshots;
    expect(taken.length).to.be.greaterThan(4);
    // A snapshot keeps no stream list: user_streams aside.
    const rows = (given: RecordedEvent[], userId: string, snapshot?: Uint8Array) => {
      const { userStreams: _streams, ...rest } = replayUser(given, { userId, snapshot });
      return rest;
    };
    for (const { user_id: userId, position, state } of taken) {
      const theirs = events.filter((event) => userOf(event) === userId);
      const after = theirs.slice(theirs.findIndex((event) => formatPosition(event.position) === position) + 1);
      expect(after.length).to.be.lessThan(theirs.length);
      expect(rows(after, userId, state as Uint8Array)).to.deep.equal(rows(theirs, userId));
    }
  });

  it('refuses to stop tracking rows already written (the next take would insert them again)', async () => {
    const events = recordedHistory(generateHistory({ users: 1, events: 50, seed: 1 }));
    const engine = new ProjectionEngine();
    await engine.apply(events, (ids) => Promise.resolve(new Map(ids.map((id) => [id, untrackedUserState(id)]))));
    engine.takeChanges();
    const state = engine.stateOf(userOf(events[0])!)!;
    expect(state.bets.size).to.be.greaterThan(0);
    expect(() => state.bets.untrack()).to.throw(/only rows not yet stored/);
  });
});
