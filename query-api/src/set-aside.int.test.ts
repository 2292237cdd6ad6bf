import { expect } from 'chai';
import { MESSAGES, READ_MODELS_BEHIND_HEADER } from '@bt/contracts';
import { bulkInsertEvents } from '@bt/event-store/testing';
import { EventLog } from '@bt/projector/testing';
import { startHarness, type Harness } from './testing/harness';

describe('reads of a user the projector has set aside', () => {
  let h: Harness;
  const poisoned = new EventLog();
  const healthy = new EventLog();
  const farAhead = '99999999999.1';

  before(async () => {
    // A wait for X-Min-Position would outlast the test's timeout: these reads must not wait at all.
    h = await startHarness({ maxWaitMs: 600_000 });
    for (const log of [poisoned, healthy]) {
      log.register();
      log.placeBet({ event: 'Before the poison' }, 'win');
    }
    await h.record([...poisoned.events, ...healthy.events]);
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
});
