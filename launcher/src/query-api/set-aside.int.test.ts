import { expect } from 'chai';
import { MESSAGES, READ_MODELS_BEHIND_HEADER } from '@bt/contracts';
import { bulkInsertEvents } from '@bt/event-store/testing';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

describe('reads of a user the projector has set aside', () => {
  let h: Harness;
  const poisoned = new EventLog();
  const healthy = new EventLog();
  /** Set aside on a bet whose text Postgres cannot store: folding it in memory works, storing its row does not. */
  const nulText = new EventLog();
  /** Set aside on a BetPlaced of the wrong shape (no odds, stake or sport). */
  const wrongShape = new EventLog();
  let beforeNul: string;
  let malformedBet: string;
  const farAhead = '99999999999.1';

  before(async () => {
    // A wait for X-Min-Position would outlast the test's timeout: these reads must not wait at all.
    h = await startHarness({ maxWaitMs: 600_000 });
    for (const log of [poisoned, healthy, nulText, wrongShape]) {
      log.register();
      log.placeBet({ event: 'Before the poison' }, 'win');
    }
    beforeNul = (nulText.events[1].data as { betId: string }).betId;
    await h.record([...poisoned.events, ...healthy.events, ...nulText.events, ...wrongShape.events]);
    await h.settle();
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
    const nulBet = nulText.placeBet({ event: 'Lakers\u0000 vs Celtics' });
    malformedBet = wrongShape.placeBet();
    for (const log of [nulText, wrongShape]) {
      const placed = log.events[log.events.length - 1];
      const { userId, betId } = placed.data as { userId: string; betId: string };
      await bulkInsertEvents(h.pool, h.store.schema, [
        {
          streamId: placed.streamId,
          revision: 0,
          type: placed.type,
          data: log === nulText ? placed.data : { userId, betId },
          metadata: placed.metadata,
        },
      ]);
      expect(betId).to.equal(log === nulText ? nulBet : malformedBet);
    }
    await h.settle();
  });

  after(() => h?.close());

  it('answer what was projected before the failure at once, with a header that says they are behind', async function () {
    this.timeout(20_000);
    const response = await h.get('/api/bets', poisoned.userId, farAhead);
    expect(response.status).to.equal(200);
    expect(response.headers.get(READ_MODELS_BEHIND_HEADER)).to.equal('true');
    expect(((await response.json()) as { event: string }[]).map((b) => b.event)).to.deep.equal(['Before the poison']);
  });

  it('leave every other user as they were: no header, and their writes show', async () => {
    healthy.placeBet({ event: 'After the poison' });
    const position = await h.record(healthy.events.slice(-1));
    const response = await h.get('/api/bets', healthy.userId, position);
    expect(response.headers.get(READ_MODELS_BEHIND_HEADER)).to.equal(null);
    expect(((await response.json()) as { event: string }[]).map((b) => b.event)).to.include('After the poison');
  });

  it('answer an asOf replay that meets the bad event with a 503 and a clear message, not a 500', async () => {
    const response = await h.get(`/api/stats?asOf=${encodeURIComponent(new Date().toISOString())}`, poisoned.userId);
    expect(response.status).to.equal(503);
    expect(await response.json()).to.deep.equal({ message: MESSAGES.replayUnavailable });
  });

  it('answers every asOf read of a set-aside user with that 503, even where the fold itself would not fail', async () => {
    const now = encodeURIComponent(new Date().toISOString());
    for (const path of [
      `/api/bets?page=1&asOf=${now}`,
      `/api/stats?asOf=${now}`,
      `/api/stats/streaks?asOf=${now}`,
      `/api/goals?asOf=${now}`,
    ]) {
      const response = await h.get(path, nulText.userId);
      expect(response.status, path).to.equal(503);
      expect(await response.json(), path).to.deep.equal({ message: MESSAGES.replayUnavailable });
    }
  });

  it("answers a set-aside user's change history with that 503", async () => {
    const response = await h.get(`/api/bets/${beforeNul}/history`, nulText.userId);
    expect(response.status).to.equal(503);
    expect(await response.json()).to.deep.equal({ message: MESSAGES.replayUnavailable });
  });

  it('answers the change history of a BetPlaced of the wrong shape with that 503, not a 500', async () => {
    const response = await h.get(`/api/bets/${malformedBet}/history`, wrongShape.userId);
    expect(response.status).to.equal(503);
    expect(await response.json()).to.deep.equal({ message: MESSAGES.replayUnavailable });
  });

  it('still answers a healthy user their asOf reads and change history', async () => {
    const betId = (healthy.events[1].data as { betId: string }).betId;
    expect((await h.get(`/api/bets/${betId}/history`, healthy.userId)).status).to.equal(200);
    expect((await h.get(`/api/stats?asOf=${encodeURIComponent(new Date().toISOString())}`, healthy.userId)).status).to.equal(200);
  });
});
