import { expect } from 'chai';
import { TABLES } from '../database';
import { replayUser } from '../replay';
import { EventLog } from '../testing/event-log';
import { newUserState, READ_MODELS } from './fold';
import type { ReadModel } from './read-model';
import { readModelSet } from './read-model-set';
import type { RowSet } from './row-sets';
import type { UserState } from './state';

/*
 * How a read model is added (README, docs/style.md): one folder, models/<name>/, declaring its
 * table (table.ts), its part of the user's state (`initial`), the events it reads, how it follows
 * the `bets` rows, its rows (`rowSet`) and its replay; its line in fold.ts' list; its table's line
 * in TABLES (database.ts: kysely's Database); one dated migration. Everything else (UserState,
 * newUserState, the fold, UserReadModels, the tables loaded and written) is derived from the list. This test builds such a model here, outside the list, and
 * folds and replays it with the derived machinery. Without a migration it has no table of its own:
 * its rows are only replayed, never written (its rowSet takes none).
 */

/** What the model keeps per user: how many `bets` rows the user has, and how many deposits they made. */
interface Activity {
  bets: number;
  deposits: number;
}

/** The state its handlers change: every listed model's part, and its own (StateOf of the list with it). */
type ActivityState = UserState & { activity: Activity };

const writesNothing: RowSet = { take: () => undefined, load: () => undefined };

const activity: ReadModel<'activity', Activity, Activity | null, ActivityState> = {
  name: 'activity',
  table: 'user_stats', // what a model must name; this one writes no rows to it (rowSet)
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
  replay: (state, hasEvents) => (hasEvents ? { ...state.activity } : null),
};

/** The compiler checks a handler's every access to the state: a part no model of the list declares is an error. */
const unlisted: ReadModel<'unlisted', number, number> = {
  name: 'unlisted',
  table: 'user_stats',
  initial: () => 0,
  reads: {},
  rowSet: () => writesNothing,
  // @ts-expect-error UserState has no part `activity`: the listed models do not declare it
  replay: (state) => state.activity.bets,
};

/** The listed models and the one of this test, as fold.ts derives everything from its list. */
const withActivity = readModelSet([...READ_MODELS, activity]);

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

describe('adding a read model: its folder and its line in the list are all the fold needs', () => {
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
    expect(rows).to.deep.equal({ bets: 3, deposits: 2 }); // two bets and a parlay left; the removed bet counts no more
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
    expect(rows.activity).to.deep.equal({ bets: 3, deposits: 2 });
    expect(() => rows.analyticsDaily).to.throw('analyticsDaily was not replayed');
  });

  it("types the state by the list: a model's part is there only once the model is listed", () => {
    expect(READ_MODELS.map((model) => model.name)).not.to.include(unlisted.name);
    expect(unlisted.replay(withActivity.newState('00000000-0000-7000-8000-000000000001'), true)).to.equal(0);
    expect(() => unlisted.replay(newUserState('00000000-0000-7000-8000-000000000001'), true)).to.throw(TypeError);
  });

  it('is not loaded from a table when it says so, nor written by a take', () => {
    expect(withActivity.loaded.map(({ table }) => table)).to.deep.equal(
      READ_MODELS.filter((model) => model.loaded !== false).map((model) => model.table),
    );
  });

  it("leaves no table of TABLES to no one: each but the engine's projection_failures is one listed model's", () => {
    const written = READ_MODELS.map((model) => model.table);
    expect(new Set(written).size).to.equal(written.length);
    expect([...written, 'projection_failures']).to.have.members(Object.keys(TABLES));
  });
});
