import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { EventLog } from '@bt/read-models/testing';
import { HEAVY_READ_RETRY_AFTER_SECONDS, type HeavyReadLimits } from '@bt/query-api/testing';
import { startHarness, type Harness } from '../testing/query-harness';

/** Holds the app's reads of the event store until opened; `reached` once a read is waiting. */
class Gate {
  private release: (() => void) | undefined;
  private arrived: (() => void) | undefined;
  private closed: Promise<void> | undefined;
  reached: Promise<void> = Promise.resolve();

  /** Closes the gate (if open) and watches for the next read to arrive at it. */
  close(): void {
    this.closed ??= new Promise((resolve) => (this.release = resolve));
    this.reached = new Promise((resolve) => (this.arrived = resolve));
  }

  open(): void {
    this.release?.();
    this.closed = undefined;
  }

  wrap = (store: EventStore): EventStore =>
    Object.assign(Object.create(store) as EventStore, {
      readStreams: async (ids: readonly string[]) => {
        this.arrived?.();
        await this.closed;
        return store.readStreams(ids);
      },
    });
}

const HEAVY_PATHS = [
  '/api/stats?asOf=2030-01-01',
  '/api/stats/streaks?asOf=2030-01-01',
  '/api/goals?asOf=2030-01-01',
  '/api/events',
  '/api/export/bets.csv',
];

describe('heavy reads (asOf replays, the NDJSON download, the CSV export) take turns', () => {
  const gate = new Gate();
  const users = [new EventLog(), new EventLog(), new EventLog()];
  let h: Harness;

  const start = async (heavyReads: HeavyReadLimits) => {
    h = await startHarness({ heavyReads, wrapStore: gate.wrap });
    for (const log of users) {
      log.at('2025-03-01T12:00:00.000Z').register();
      log.placeBet({ event: 'A game' }, 'win');
      await h.record(log.events.splice(0));
    }
    await h.settle();
  };

  /*
   * A turn goes back when the server sees its response finished, which a busy machine may run just
   * after the client has read the answer: a check that a turn is free again tries for a while.
   */
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const once429Passes = async (read: () => Promise<Response>): Promise<Response> => {
    for (let tries = 0; tries < 100; tries += 1) {
      const answer = await read();
      if (answer.status !== 429) return answer;
      await answer.text();
      await pause(50);
    }
    return read();
  };
  const afterTurnsBack = (path: string, userId: string) => once429Passes(() => h.get(path, userId));

  /** Starts a heavy read that stays in progress (its store read held) until the gate opens; its answer comes after. */
  const holdOne = async (path: string, userId: string): Promise<{ answer: Promise<Response> }> => {
    for (;;) {
      gate.close();
      const answer = h.get(path, userId);
      const first = await Promise.race([gate.reached.then(() => undefined), answer]);
      if (first === undefined) return { answer };
      // Refused: the turn of the test before has not gone back yet.
      await first.text();
      await pause(50);
    }
  };

  afterEach(() => gate.open());

  describe('with no wait for a turn', () => {
    before(() => start({ perUser: 1, total: 2, maxWaitMs: 0 }));
    after(() => h?.close());

    it('answers 429 with Retry-After to a user’s second heavy read while the first runs, and serves their live reads', async () => {
      const [me] = users;
      const { answer: first } = await holdOne('/api/stats?asOf=2030-01-01', me.userId);
      for (const path of HEAVY_PATHS) {
        const refused = await h.get(path, me.userId);
        expect(refused.status, path).to.equal(429);
        expect(refused.headers.get('Retry-After'), path).to.equal(String(HEAVY_READ_RETRY_AFTER_SECONDS));
        expect(await refused.json(), path).to.deep.equal({ message: MESSAGES.tooManyHeavyReads });
      }
      expect((await h.get('/api/stats', me.userId)).status).to.equal(200);
      expect((await h.get('/api/stats/streaks', me.userId)).status).to.equal(200);
      expect((await h.get('/api/goals', me.userId)).status).to.equal(200);
      gate.open();
      expect((await first).status).to.equal(200);
      // The turn is back: the next one runs.
      expect((await afterTurnsBack('/api/stats/streaks?asOf=2030-01-01', me.userId)).status).to.equal(200);
    });

    it('holds a download’s turn until its body has been sent, not only until its handler returns', async () => {
      const [me] = users;
      // The NDJSON body reads the store as it streams, after the route has returned.
      const { answer: download } = await holdOne('/api/events', me.userId);
      expect((await h.get('/api/export/bets.csv', me.userId)).status).to.equal(429);
      gate.open();
      const answer = await download;
      expect(answer.status).to.equal(200);
      expect((await answer.text()).trim().split('\n')).to.have.length(3);
      expect((await afterTurnsBack('/api/export/bets.csv', me.userId)).status).to.equal(200);
    });

    it('lets other users’ heavy reads run up to the total, then answers 429 to anyone', async () => {
      const [me, other, third] = users;
      const { answer: first } = await holdOne('/api/stats?asOf=2030-01-01', me.userId);
      const { answer: second } = await holdOne('/api/stats/streaks?asOf=2030-01-01', other.userId);
      const refused = await h.get('/api/events', third.userId);
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('Retry-After')).to.equal(String(HEAVY_READ_RETRY_AFTER_SECONDS));
      expect((await h.get('/api/stats', third.userId)).status).to.equal(200);
      gate.open();
      expect([(await first).status, (await second).status]).to.deep.equal([200, 200]);
      expect((await afterTurnsBack('/api/events', third.userId)).status).to.equal(200);
    });
  });

  describe('with a wait for a turn', () => {
    before(() => start({ perUser: 1, total: 2, maxWaitMs: 60_000 }));
    after(() => h?.close());

    it('lets a user’s heavy reads over the limit wait their turn instead of refusing them', async () => {
      const [me] = users;
      const { answer: first } = await holdOne('/api/stats?asOf=2030-01-01', me.userId);
      const waiting = HEAVY_PATHS.map((path) => h.get(path, me.userId));
      gate.open();
      const statuses = await Promise.all([first, ...waiting].map(async (answer) => (await answer).status));
      expect(statuses).to.deep.equal([200, ...HEAVY_PATHS.map(() => 200)]);
    });
  });
});
