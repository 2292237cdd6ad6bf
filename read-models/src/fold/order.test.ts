import { expect } from 'chai';
import fc from 'fast-check';
import { EventLog } from '../testing/event-log';
import { foldOf, newUserState, READ_MODELS, userReadModels } from './fold';
import { apply, step } from './live-equals-replay.test';
import { foldOrder } from './order';
import type { ReadModel, ReadModelName, UserReadModels } from './read-model';

/** A read model that only declares its order. */
const model = (name: ReadModelName, order: { after?: ReadModelName[]; before?: ReadModelName[] } = {}): ReadModel =>
  ({ name, ...order }) as unknown as ReadModel;
const names = (models: readonly ReadModel[]) => models.map((m) => m.name);

describe('foldOrder: the order read models see an event in, from their declarations', () => {
  it('puts a model after the ones it follows and before the ones it precedes, keeping the list order otherwise', () => {
    const order = foldOrder([model('bets', { after: ['parlays'] }), model('user'), model('parlays'), model('goals', { before: ['bets'] })]);
    expect(names(order)).to.deep.equal(['user', 'parlays', 'goals', 'bets']);
  });

  it('throws on a cycle, an unknown name and a model listed twice', () => {
    expect(() => foldOrder([model('bets', { after: ['parlays'] }), model('parlays', { after: ['bets'] })])).to.throw(
      /cycle: bets, parlays/,
    );
    expect(() => foldOrder([model('bets', { before: ['bets'] })])).to.throw(/cycle: bets/);
    expect(() => foldOrder([model('bets', { after: ['parlays'] })])).to.throw(/bets is ordered against parlays, which is not in the list/);
    expect(() => foldOrder([model('goals', { before: ['daily'] })])).to.throw(/goals is ordered against daily/);
    expect(() => foldOrder([model('bets'), model('bets')])).to.throw(/bets is listed twice/);
  });

  it('orders the read models as they declare: removed rows kept before they are dropped, a parlay before its history row', () => {
    const at = (name: ReadModelName) => names(READ_MODELS).indexOf(name);
    for (const dropping of ['bets', 'parlays', 'goals', 'journalEntries'] as const) expect(at('removedRows')).to.be.below(at(dropping));
    expect(at('parlays')).to.be.below(at('bets'));
  });
});

/** The rows of a user's events folded by the read models in the order foldOrder gives for `models`. */
const foldedBy = (models: readonly ReadModel[], log: EventLog): UserReadModels => {
  const fold = foldOf(models);
  const state = newUserState(log.userId);
  for (const event of log.events) fold.project(state, event);
  fold.settle(state);
  return userReadModels(state);
};

/** A random history of one user (live-equals-replay.test.ts's steps). */
const history = fc.array(step, { minLength: 1, maxLength: 40 }).map((steps) => {
  const log = new EventLog().register();
  const ids = { bets: [], parlays: [], goals: [], entries: [] };
  const unitSize = { current: null as number | null };
  for (const s of steps) apply(log, ids, s, unitSize);
  return log;
});

describe('the fold does not depend on the order of the list of read models', () => {
  it('gives the same rows from the list reversed and shuffled as in its own order', () => {
    fc.assert(
      fc.property(history, fc.shuffledSubarray([...READ_MODELS], { minLength: READ_MODELS.length }), (log, shuffled) => {
        const expected = foldedBy(READ_MODELS, log);
        expect(foldedBy(foldOrder([...READ_MODELS].reverse()), log), 'reversed').to.deep.equal(expected);
        expect(foldedBy(foldOrder(shuffled), log), 'shuffled').to.deep.equal(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('needs the declarations: the list reversed as is keeps no removed bet', () => {
    const log = new EventLog().register();
    const betId = log.placeBet({});
    log.removeBet(betId);
    expect(foldedBy(READ_MODELS, log).removedRows.map((row) => row.id)).to.deep.equal([betId]);
    expect(foldedBy([...READ_MODELS].reverse(), log).removedRows).to.deep.equal([]);
  });
});
