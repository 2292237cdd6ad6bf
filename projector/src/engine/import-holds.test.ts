import { expect } from 'chai';
import { IMPORT_METADATA_KEY } from '@bt/contracts';
import type { RecordedEvent } from '@bt/event-store';
import { newUserState } from '@bt/read-models';
import { EventLog } from '@bt/read-models/testing';
import { ProjectionEngine } from './projection-engine';

/** An import's lifecycle event for the log's user, after the log's events. */
const lifecycle = (log: EventLog, type: 'ImportStarted' | 'ImportCommitted', importId: string, after: number): RecordedEvent => {
  const last = log.events[log.events.length - 1]!;
  const position = last.position.commit + BigInt(after);
  return {
    ...last,
    id: `${type}-${importId}`,
    streamId: `imports-${log.userId}`,
    revision: type === 'ImportStarted' ? 0n : 1n,
    position: { commit: position, prepare: position },
    type,
    data: { userId: log.userId, importId },
  };
};

/** One of the import's rows: a bet event of the log, named as the import's. */
const imported = (event: RecordedEvent, importId: string): RecordedEvent => ({
  ...event,
  metadata: { ...event.metadata, [IMPORT_METADATA_KEY]: importId },
});

describe('projection engine: a user an import holds', () => {
  const loads: string[][] = [];
  const load = async (ids: string[]) => {
    loads.push(ids);
    return new Map(ids.map((id) => [id, newUserState(id)]));
  };
  beforeEach(() => (loads.length = 0));

  it('holds a user whose first event in a batch starts an import without loading their state', async () => {
    const log = new EventLog();
    log.register();
    const betId = log.placeBet({}, 'win');
    const bet = log.events.find((e) => e.type === 'BetPlaced' && (e.data as { betId?: string }).betId === betId)!;
    const engine = new ProjectionEngine();
    const start = lifecycle(log, 'ImportStarted', 'i1', 1);
    await engine.apply([start, imported({ ...bet, position: { commit: start.position.commit + 1n, prepare: 0n } }, 'i1')], load);
    expect(loads, 'nothing loaded').to.deep.equal([]);
    expect(engine.takeHoldChanges()).to.deep.equal([
      { kind: 'start', userId: log.userId, importId: 'i1', position: `${start.position.commit}.${start.position.prepare}` },
    ]);
    expect(engine.snapshotState(log.userId)).to.equal('held');
    // The ImportStarted's stream is still noted, as for any held user.
    expect(engine.takeChanges().user_streams.upserts).to.deep.include({ user_id: log.userId, stream_id: `imports-${log.userId}` });
  });

  it('still folds what a user did before an import started in the same batch', async () => {
    const log = new EventLog();
    log.register();
    log.placeBet({}, 'win');
    const engine = new ProjectionEngine();
    await engine.apply([...log.events, lifecycle(log, 'ImportStarted', 'i1', 1)], load);
    expect(loads).to.deep.equal([[log.userId]]);
    expect(engine.takeChanges().bets.inserts).to.have.length(1);
    expect(engine.snapshotState(log.userId)).to.equal('held');
  });

  it('takes a released user’s state from the release, so their next event loads nothing', async () => {
    const log = new EventLog();
    log.register();
    const engine = new ProjectionEngine();
    await engine.apply([lifecycle(log, 'ImportStarted', 'i1', 1)], load);
    engine.takeChanges();
    const released = newUserState(log.userId);
    engine.adoptReleased(log.userId, released);
    const before = log.events.length;
    log.placeBet({}, 'loss');
    await engine.apply(log.events.slice(before), load);
    expect(loads, 'nothing loaded').to.deep.equal([]);
    expect(engine.stateOf(log.userId)).to.equal(released);
    expect(engine.takeChanges().bets.inserts).to.have.length(1);
  });
});
