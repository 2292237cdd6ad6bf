import { expect } from 'chai';
import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../columns';
import { type BetHistoryRow, type DatabaseOf, TABLES } from '../database';
import { replayUser } from '../replay';
import { EventLog } from '../testing/event-log';
import { READ_MODEL_VERSIONS } from '../versions';
import { MODEL_TABLES, newUserState, READ_MODELS } from './fold';
import type { ReadModel } from './read-model';
import { readModelSet } from './read-model-set';
import type { RowSet } from './row-sets';
import type { UserState } from './state';

/*
 * How a read model is added (README, docs/style.md): one folder, models/<name>/, declaring its
 * table (table.ts) and, in projection.ts, its name, that table, its version, its part of the user's
 * state (`initial`), the events it reads, how it follows the `bets` rows, its rows (`rowSet`) and
 * its replay; its line in fold.ts' list; one dated migration and its line in migrate.ts. Everything
 * else (TABLES and kysely's Database, READ_MODEL_VERSIONS, UserState, newUserState, the fold,
 * UserReadModels, the tables loaded and written) is derived from the list. This test builds such a
 * model here, outside the list, and derives all of it with the same machinery (readModelSet).
 * Without a migration its table is not in Postgres: its rows are only replayed, never written.
 */

/** Its table, as its folder's table.ts would declare it: per user, how many `bets` rows and deposits they have. */
const activityTable = table('activity', {
  owner: 'user_id',
  key: ['user_id'],
  columns: { user_id: col.uuid(), bets: col.integer(), deposits: col.integer() },
});

/** Its row type, as its table.ts would export it (the listed models' are re-exported by database.ts). */
type ActivityRow = Selectable<TableType<typeof activityTable>>;

/** The state its handlers change: every listed model's part, and its own (StateOf of the list with it). */
type ActivityState = UserState & { activity: { bets: number; deposits: number } };

const writesNothing: RowSet = { take: () => undefined, load: () => undefined };

const activity: ReadModel<'activity', typeof activityTable, ActivityState['activity'], ActivityRow | null, ActivityState> = {
  name: 'activity',
  table: activityTable,
  version: 3,
  loaded: false,
  initial: () => ({ bets: 0, deposits: 0 }),
  reads: {
    FundsAdded(state) {
      state.activity.deposits += 1;
    },
  },
  followsBets(state, { previous, next }) {
    state.activity.bets += (next ? 1 : 0) - (previous ? 1 : 0);
  },
  rowSet: () => writesNothing,
  replay: (state, hasEvents) => (hasEvents ? { user_id: state.userId, ...state.activity } : null),
};

/** The compiler checks a handler's every access to the state: a part no model of the list declares is an error. */
const unlisted: ReadModel<'unlisted', typeof activityTable, number, number> = {
  name: 'unlisted',
  table: activityTable,
  version: 1,
  initial: () => 0,
  reads: {},
  rowSet: () => writesNothing,
  // @ts-expect-error UserState has no part `activity`: the listed models do not declare it
  replay: (state) => state.activity.bets,
};

/** The listed models and the one of this test, as fold.ts derives everything from its list. */
const withActivity = readModelSet([...READ_MODELS, activity]);

/** The kysely Database of the listed tables and its own (no line in database.ts). */
type WithActivity = DatabaseOf<typeof withActivity.tables>;

const history = () => {
  const log = new EventLog().register();
  log.addFunds(500);
  log.addFunds(50);
  const kept = log.placeBet({}, 'win');
  log.placeBet({ sport: 'soccer' }, 'loss');
  log.removeBet(log.placeBet({}));
  log.createParlay([{}, {}], { name: 'Two legs' });
  log.settleBet(kept, 'loss');
  return log;
};

describe('adding a read model: its folder and its line in the list are all the rest needs', () => {
  it('gives it its table and its version, beside those of the listed models', () => {
    expect(withActivity.tables.activity).to.equal(activityTable);
    expect(Object.keys(withActivity.tables)).to.deep.equal([...Object.keys(MODEL_TABLES), 'activity']);
    expect(withActivity.versions).to.deep.equal({ ...READ_MODEL_VERSIONS, activity: 3 });
  });

  it("types its rows in the list's Database by its table, and every listed table as before", () => {
    const row: Selectable<WithActivity['activity']> = { user_id: '00000000-0000-7000-8000-000000000001', bets: 1, deposits: 2 };
    // @ts-expect-error a column its table does not declare
    const extra: Selectable<WithActivity['activity']> = { ...row, stake: 1 };
    // @ts-expect-error a column its table declares, missing
    const short: Selectable<WithActivity['activity']> = { user_id: row.user_id, bets: 1 };
    const same: ActivityRow = row;
    const bet = (listed: BetHistoryRow): Selectable<WithActivity['bets']> => listed;
    expect([extra, short, same, bet]).to.have.length(4);
  });

  it("gives a new user's state its part, from its own declaration", () => {
    const state = withActivity.newState('00000000-0000-7000-8000-000000000001');
    expect(state.activity).to.deep.equal({ bets: 0, deposits: 0 });
    expect(state.bets.size).to.equal(0); // and every listed model's part, as newUserState does
  });

  it('folds it beside the others and replays its rows, leaving every other read model as it was', () => {
    const log = history();
    const state = withActivity.newState(log.userId);
    for (const event of log.events) withActivity.fold.project(state, event);
    withActivity.fold.settle(state);
    const { activity: rows, ...others } = withActivity.rows(state);
    expect(rows).to.deep.equal({ user_id: log.userId, bets: 3, deposits: 2 }); // two bets and a parlay left; the removed bet counts no more
    expect(others).to.deep.equal(replayUser(log.events));
    expect(withActivity.rows(withActivity.newState(log.userId), false).activity).to.equal(null);
  });

  it('folds what it follows when a replay asks for it alone', () => {
    const log = history();
    const wanted = withActivity.readModelsFor(['activity']);
    // bets (it follows them) and what bets derive from; nothing of the analytics, the bankroll, the stats
    expect(wanted).to.have.members(['activity', 'bets', 'parlays', 'removedRows', 'goals', 'journalEntries', 'daily']);
    const state = withActivity.newState(log.userId);
    const fold = withActivity.foldFor(wanted);
    for (const event of log.events) fold.project(state, event);
    fold.settle(state);
    const rows = withActivity.lazyRows(state, true, wanted);
    expect(rows.activity).to.deep.equal({ user_id: log.userId, bets: 3, deposits: 2 });
    expect(() => rows.analyticsDaily).to.throw('analyticsDaily was not replayed');
  });

  it("types the state by the list: a model's part is there only once the model is listed", () => {
    expect(READ_MODELS.map((model) => model.name)).not.to.include(unlisted.name);
    expect(unlisted.replay(withActivity.newState('00000000-0000-7000-8000-000000000001'), true)).to.equal(0);
    expect(() => unlisted.replay(newUserState('00000000-0000-7000-8000-000000000001'), true)).to.throw(TypeError);
  });

  it('is not loaded from a table when it says so, nor written by a take', () => {
    expect(withActivity.loaded.map((loaded) => loaded.table)).to.deep.equal(
      READ_MODELS.filter((model) => model.loaded !== false).map((model) => model.table.name),
    );
  });
});

describe('TABLES: the tables of the listed read models, and those of none', () => {
  it("holds each listed model's table, once, and the engine's projection_failures", () => {
    const written = READ_MODELS.map((model) => model.table.name);
    expect(new Set(written).size).to.equal(written.length);
    for (const model of READ_MODELS) expect(TABLES[model.table.name]).to.equal(model.table);
    expect(Object.keys(TABLES)).to.have.members([...written, 'projection_failures']);
  });

  it('lists them in the order a batch writes them: the fold order (what `after`/`before` declare), then the engine’s', () => {
    const order = Object.keys(TABLES);
    expect(order).to.deep.equal([...READ_MODELS.map((model) => model.table.name), 'projection_failures']);
    const at = (name: string) => order.indexOf(READ_MODELS.find((model) => model.name === name)!.table.name);
    for (const model of READ_MODELS) {
      for (const first of model.after ?? []) expect(at(first), `${first} before ${model.name}`).to.be.below(at(model.name));
      for (const then of model.before ?? []) expect(at(model.name), `${model.name} before ${then}`).to.be.below(at(then));
    }
  });
});
