import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { compareLogPositions, READ_MODELS_BEHIND_HEADER } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startProjector, type RunningProjector } from '@bt/projector';
import { partitionOf } from '@bt/read-models';
import { startHarness, type Harness } from '../testing/query-harness';

/** A user id owned by partition `index` of `count`. */
const userOfPartition = (index: number, count: number): string => {
  for (;;) {
    const id = randomUUID();
    if (partitionOf(id, count) === index) return id;
  }
};

describe('X-Min-Position with projector partitions: a read waits for the partition that owns the user', () => {
  let h: Harness;
  const projectors: RunningProjector[] = [];

  before(async () => {
    // A long bound: every answer below is woken by its partition's checkpoint, never by the bound.
    h = await startHarness({ projector: false, projectorPartitions: 2, maxWaitMs: 120_000, readyMaxProjectorLag: 0 });
  });
  after(async () => {
    for (const projector of projectors) await projector.stop();
    await h?.close();
  });

  const startPartition = async (index: number) => {
    const projector = await startProjector({
      store: h.store,
      databaseUrl: h.database.url,
      batchTimeMs: 5,
      log: () => undefined,
      partition: { index, count: 2 },
    });
    projectors.push(projector);
    return projector;
  };

  it('a user on the partition that is behind waits for it; a user on the other is answered at once', async () => {
    const lagging = new EventLog(userOfPartition(0, 2)).register();
    const laggingBet = lagging.placeBet({ event: 'Lagging Partition Game' });
    const current = new EventLog(userOfPartition(1, 2)).register();
    const currentBet = current.placeBet({ event: 'Current Partition Game' });
    const laggingPosition = await h.record(lagging.events);
    const currentPosition = await h.record(current.events);

    // Partition 1 runs; partition 0 has not started (a slow or restarting process).
    const p1 = await startPartition(1);

    let laggingAnswered = false;
    const laggingRead = h.get('/api/bets', lagging.userId, laggingPosition).then((response) => {
      laggingAnswered = true;
      return response;
    });

    const currentRead = await h.get('/api/bets', current.userId, currentPosition);
    expect(currentRead.status).to.equal(200);
    expect(currentRead.headers.get(READ_MODELS_BEHIND_HEADER)).to.equal(null);
    expect(((await currentRead.json()) as { id: string }[]).map((b) => b.id)).to.deep.equal([currentBet]);

    // Partition 1's checkpoint is past the lagging user's write, yet their read still waits for partition 0.
    await p1.caughtUp();
    expect(compareLogPositions(p1.position()!, laggingPosition)).to.be.greaterThan(0);
    // Partition 1 writes another batch, its NOTIFY reaching every waiting read: the lagging user's stays waiting.
    const nextBet = current.placeBet({ event: 'Next Current Partition Game' });
    const nextPosition = await h.record(current.events.slice(-1));
    const next = await h.get('/api/bets', current.userId, nextPosition);
    expect(next.headers.get(READ_MODELS_BEHIND_HEADER)).to.equal(null);
    expect(((await next.json()) as { id: string }[]).map((b) => b.id).sort()).to.deep.equal([currentBet, nextBet].sort());
    expect(laggingAnswered, 'the lagging partition user is still waiting').to.equal(false);
    expect((await h.get('/readyz', null)).status, 'not ready while a partition is behind').to.equal(503);

    await startPartition(0);
    const response = await laggingRead;
    expect(response.status).to.equal(200);
    expect(response.headers.get(READ_MODELS_BEHIND_HEADER), 'woken by partition 0, not the bound').to.equal(null);
    expect(((await response.json()) as { id: string }[]).map((b) => b.id)).to.deep.equal([laggingBet]);
    await Promise.all(projectors.map((p) => p.caughtUp()));
    expect((await h.get('/readyz', null)).status, 'ready once every partition is caught up').to.equal(200);
  });
});
