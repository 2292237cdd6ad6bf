import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { bulkInsertEvents } from '@bt/event-store/testing';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

describe('asOf replays on worker threads', function () {
  this.timeout(120_000);
  let h: Harness;
  const bettor = new EventLog();
  const poisoned = new EventLog();
  let head: string;
  const asOf = () => encodeURIComponent(new Date().toISOString());

  before(async () => {
    h = await startHarness({
      replayThreads: 1,
      // Only a thread of its own may read a user's events for a replay: the main thread's store refuses.
      wrapStore: (store) => ({
        ...store,
        readStream: (stream) => store.readStream(stream),
        readStreams: () => Promise.reject(new Error('the main thread read events for a replay')),
      }),
    });
    bettor.register();
    const outcomes = ['win', 'win', 'loss', 'push', 'win', 'loss', 'loss', 'win'] as const;
    outcomes.forEach((outcome, i) =>
      bettor.placeBet({ event: `Game ${i}`, date: `2025-05-0${i + 1}`, sport: i % 2 ? 'soccer' : 'hockey' }, outcome),
    );
    bettor.createParlay([{ odds: '+150' }, { odds: '-110' }], { date: '2025-05-09' });
    poisoned.register();
    poisoned.placeBet({ event: 'Before the poison' }, 'win');
    head = await h.record([...bettor.events, ...poisoned.events]);
    // A parlay without legs: folding it throws, live and in a replay alike.
    poisoned.createParlay([{}, {}]);
    const event = poisoned.events[poisoned.events.length - 1];
    await bulkInsertEvents(h.pool, h.store.schema, [
      {
        streamId: event.streamId,
        revision: 0,
        type: event.type,
        data: { ...(event.data as object), legs: null },
        metadata: event.metadata,
      },
    ]);
    await h.settle();
  });

  after(() => h?.close());

  it('answers from a worker exactly what the live read models answer, without the main thread reading an event', async () => {
    for (const range of ['30', '365', 'all']) {
      const live = await h.json(`/api/stats?range=${range}`, bettor.userId, head);
      expect(await h.json(`/api/stats?range=${range}&asOf=${asOf()}`, bettor.userId, head), `range ${range}`).to.deep.equal(live);
    }
    expect(await h.json(`/api/stats/streaks?asOf=${asOf()}`, bettor.userId, head)).to.deep.equal(
      await h.json('/api/stats/streaks', bettor.userId, head),
    );
    expect(h.app.replayWorkers?.threads).to.have.length(1);
  });

  it('answers a replay the worker cannot fold with a 503 and the clear message', async () => {
    for (const path of ['/api/stats', '/api/stats/streaks']) {
      const response = await h.get(`${path}?asOf=${asOf()}`, poisoned.userId);
      expect(response.status, path).to.equal(503);
      expect(await response.json()).to.deep.equal({ message: MESSAGES.replayUnavailable });
    }
    // The app refuses a set-aside user before any replay; the worker's own refusal crosses the thread as a 503 too.
    const error = await h.app
      .replayWorkers!.replay({ userId: poisoned.userId, asOf: new Date(), rows: 'streaks' })
      .catch((e: unknown) => e);
    expect(error).to.include({ status: 503, message: MESSAGES.replayUnavailable });
  });

  it('replaces a worker that dies, failing at most the replay it was running', async () => {
    const live = await h.json('/api/stats/streaks', bettor.userId, head);
    const [first] = h.app.replayWorkers!.threads;
    const during = h.get(`/api/stats/streaks?asOf=${asOf()}`, bettor.userId);
    await first.terminate();
    expect([200, 500]).to.include((await during).status);
    expect(await h.json(`/api/stats/streaks?asOf=${asOf()}`, bettor.userId)).to.deep.equal(live);
    const threads = h.app.replayWorkers!.threads;
    expect(threads).to.have.length(1);
    expect(threads[0]).not.to.equal(first);
  });
});
