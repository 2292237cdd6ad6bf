import { expect } from 'chai';
import { heldRows, newUserState } from '@bt/read-models';
import { EventLog } from '@bt/read-models/testing';
import { ProjectionEngine } from './projection-engine';

/** A user's log with `bets` bets on days of their own. */
const history = (bets: number) => {
  const log = new EventLog();
  log.register();
  for (let i = 0; i < bets; i++) {
    log.placeBet({ date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10) }, i % 2 === 0 ? 'win' : 'loss');
  }
  return log;
};

describe('projection engine: the states it keeps between batches', () => {
  const loads: string[][] = [];
  const load = async (ids: string[]) => {
    loads.push(ids);
    return new Map(ids.map((id) => [id, newUserState(id)]));
  };
  beforeEach(() => (loads.length = 0));

  /** Folds each user's log as a batch of its own, in order, taking the changes after each. */
  const fold = async (engine: ProjectionEngine, ...logs: EventLog[]) => {
    for (const log of logs) {
      await engine.apply(log.events, load);
      engine.takeChanges();
    }
  };

  it('counts the rows a state holds: bets, days, analytics groups and the rest', async () => {
    const engine = new ProjectionEngine();
    const small = history(3);
    await fold(engine, small);
    const state = engine.stateOf(small.userId)!;
    expect(heldRows(state)).to.equal(
      state.bets.size +
        state.daily.size +
        state.sportDistribution.size +
        state.analyticsDaily.size +
        state.analyticsMonthly.size +
        state.analyticsTotals.size +
        state.analyticsStakes.size,
    );
    expect(state.bets.size).to.equal(3);
    expect(state.analyticsTotals.size).to.equal(1);
    expect(heldRows(state)).to.be.greaterThan(3 + 3);
    expect(engine.cachedRows).to.equal(heldRows(state));
  });

  it('forgets the least recently touched users once their rows pass the bound, and loads them again when touched', async () => {
    const [a, b, c] = [history(5), history(5), history(5)];
    const probe = new ProjectionEngine();
    await fold(probe, a);
    const perUser = probe.cachedRows;

    const engine = new ProjectionEngine(Number.POSITIVE_INFINITY, perUser * 2);
    await fold(engine, a, b);
    expect(engine.cachedUsers).to.equal(2);
    await fold(engine, c);
    expect(engine.cachedUsers, 'a, touched least recently, forgotten').to.equal(2);
    expect(engine.stateOf(a.userId)).to.equal(undefined);
    expect(engine.cachedRows).to.be.at.most(perUser * 2);

    loads.length = 0;
    const more = new EventLog(a.userId);
    more.placeBet({}, 'win');
    await fold(engine, more);
    expect(loads, 'a loaded again').to.deep.equal([[a.userId]]);
    expect(engine.stateOf(b.userId), 'now b is forgotten').to.equal(undefined);
  });

  it('keeps the users of the batch just taken even when they alone pass the bound, and forgets them once they are not', async () => {
    const [a, b, c] = [history(20), history(20), history(2)];
    const engine = new ProjectionEngine(Number.POSITIVE_INFINITY, 10);
    // One batch with both: a catch-up's page touches every user, and the next page touches them again.
    await engine.apply([...a.events, ...b.events], load);
    engine.takeChanges();
    expect(engine.cachedUsers).to.equal(2);
    expect(engine.cachedRows).to.be.greaterThan(10);
    await fold(engine, c);
    expect(engine.cachedUsers, 'only c, the batch just taken, is left').to.equal(1);
    expect(engine.stateOf(c.userId)).not.to.equal(undefined);
  });

  it('folds a batch whose users would not fit in the bound in runs, each taken before the next, to the same states', async () => {
    const logs = Array.from({ length: 24 }, () => history(3));
    // The batch: two more bets of each user, round robin (as a catch-up's page may hold them).
    const more = logs.map((log) => {
      const next = new EventLog(log.userId);
      next.placeBet({ date: '2025-02-01' }, 'win');
      next.placeBet({ date: '2025-02-02' }, 'loss');
      return next.events;
    });
    const batch = more[0].flatMap((_, i) => more.map((events) => events[i]));
    // The tables: each user's history, taken; what a run takes of a user is there when they are loaded again.
    const tables = new Map<string, ReturnType<typeof newUserState>>();
    const before = new ProjectionEngine();
    for (const log of logs) await before.apply(log.events, load);
    before.takeChanges();
    for (const log of logs) tables.set(log.userId, before.stateOf(log.userId)!);
    const perUser = before.cachedRows / logs.length;
    const fromTables = async (ids: string[]) => {
      loads.push(ids);
      return new Map(ids.map((id) => [id, tables.get(id)!]));
    };
    const whole = new ProjectionEngine();
    for (const log of logs) await whole.apply(log.events, load);
    await whole.apply(batch, load);
    whole.takeChanges();

    loads.length = 0;
    const bound = Math.round(perUser * 4);
    const engine = new ProjectionEngine(Number.POSITIVE_INFINITY, bound);
    const runs: number[] = [];
    for (let left = batch; left.length > 0;) {
      const folded = await engine.applySome(left, fromTables);
      expect(folded, 'every run folds something').to.be.greaterThan(0);
      runs.push(folded);
      left = left.slice(folded);
      engine.takeChanges();
      if (left.length > 0) expect(engine.cachedRows, 'forgotten down to the bound before the next run').to.be.at.most(bound);
    }
    expect(runs.length, `runs ${runs.join(', ')}`).to.be.greaterThan(2);
    expect(runs.reduce((a, b) => a + b, 0)).to.equal(batch.length);
    expect(
      loads.map((ids) => ids.length),
      'the fewest at a time (16) while the room holds fewer; the last group what is left',
    ).to.deep.equal([16, 16, ...loads.slice(2).map((ids) => ids.length)]);
    expect(Math.max(...loads.map((ids) => ids.length))).to.equal(16);
    for (const log of logs) expect(tables.get(log.userId), log.userId).to.deep.equal(whole.stateOf(log.userId));
  });

  it('folds every event at once when the users fit', async () => {
    const [a, b] = [history(3), history(3)];
    const engine = new ProjectionEngine(Number.POSITIVE_INFINITY, 1_000_000);
    const events = [...a.events, ...b.events];
    expect(await engine.applySome(events, load)).to.equal(events.length);
    expect(loads).to.deep.equal([[a.userId, b.userId]]);
  });

  it('still keeps at most maxCachedUsers states', async () => {
    const engine = new ProjectionEngine(2);
    const logs = [history(1), history(1), history(1)];
    await fold(engine, ...logs);
    expect(engine.cachedUsers).to.equal(2);
    expect(engine.stateOf(logs[0].userId)).to.equal(undefined);
  });
});
