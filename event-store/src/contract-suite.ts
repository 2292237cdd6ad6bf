import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { filter, firstValueFrom, take, tap, timeout, toArray, type Observable } from 'rxjs';
import {
  PartialAppend,
  START,
  WrongExpectedRevision,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './port';

export interface EventStoreUnderTest {
  store: EventStore;
  teardown(): Promise<void>;
}

export interface ContractOptions {
  /** Time allowed for setup (starting a container can take minutes); default 180 s. */
  setupTimeoutMs?: number;
  /**
   * The store writes several streams in one transaction (Postgres): a failed appendMany or
   * appendEach leaves nothing. Without (EventStoreDB), it appends in turn and throws PartialAppend.
   */
  multiStreamTransactions?: boolean;
}

/**
 * The contract every event store adapter passes. `setup` returns undefined when the store is not
 * reachable: the whole suite is then skipped (setup prints the one-line reason).
 *
 * Tests use fresh stream ids and only look at their own streams in the global log, so they also
 * run against a server that holds other data.
 */
export function describeEventStoreContract(
  name: string,
  setup: () => Promise<EventStoreUnderTest | undefined>,
  options: ContractOptions = {},
): void {
  describe(`${name} event store contract`, function () {
    let underTest: EventStoreUnderTest | undefined;
    let store: EventStore;

    before(async function () {
      this.timeout(options.setupTimeoutMs ?? 180_000);
      underTest = await setup();
      if (!underTest) this.skip();
      store = underTest.store;
    });

    after(async function () {
      this.timeout(60_000);
      await underTest?.teardown();
    });

    it('appends events and reads the stream back in order, with revisions from 0', async () => {
      const stream = streamId('bet');
      const given = [event('BetPlaced', { n: 1 }, randomUUID()), event('BetAmended', { n: 2 }), event('BetSettled', { n: 3 })];
      const result = await store.append(stream, given, 'no_stream');
      expect(result.nextRevision).to.equal(2n);

      const read = await store.readStream(stream);
      expect(read.map((e) => [e.revision, e.type, e.data])).to.deep.equal([
        [0n, 'BetPlaced', { n: 1 }],
        [1n, 'BetAmended', { n: 2 }],
        [2n, 'BetSettled', { n: 3 }],
      ]);
      expect(read[0].id).to.equal(given[0].id);
      expect(read.every((e) => e.streamId === stream && /^[0-9a-f-]{36}$/.test(e.id))).to.equal(true);
      expect(new Set(read.map((e) => e.id)).size).to.equal(3);
      expectIncreasing(read.map((e) => e.position));
      expect(comparePositions(result.position, read[2].position)).to.equal(0);
      expect(Date.parse(read[0].recordedAt)).to.be.closeTo(Date.now(), 60_000);
      expect(new Date(read[0].recordedAt).toISOString()).to.equal(read[0].recordedAt);

      const next = await store.append(stream, [event('BetRemoved', {})], 2n);
      expect(next.nextRevision).to.equal(3n);
      expect(comparePositions(next.position, result.position)).to.equal(1);
    });

    it('appends to several streams in one appendMany, results in the order given', async () => {
      const [a, b] = [streamId('bet'), streamId('parlay')];
      await store.append(b, [event('ParlayCreated', { n: 0 })], 'no_stream');
      const results = await store.appendMany([
        { streamId: a, events: [event('BetPlaced', { n: 1 }), event('BetSettled', { n: 2 })], expected: 'no_stream' },
        { streamId: b, events: [event('ParlaySettled', { n: 3 })], expected: 0n },
      ]);
      expect(results.map((r) => r.nextRevision)).to.deep.equal([1n, 1n]);
      expect((await store.readStream(a)).map((e) => e.data)).to.deep.equal([{ n: 1 }, { n: 2 }]);
      expect((await store.readStream(b)).map((e) => e.data)).to.deep.equal([{ n: 0 }, { n: 3 }]);
      expect(comparePositions(results[1].position, results[0].position)).to.equal(1);
      expect(await store.appendMany([])).to.deep.equal([]);
    });

    it('appends what appendEach pulls from an async source, a summary of it, several statements long', async function () {
      this.timeout(120_000);
      const existing = streamId('parlay');
      await store.append(existing, [event('ParlayCreated', { n: 0 })], 'no_stream');
      const fresh = Array.from({ length: 1234 }, () => streamId('bet'));
      let pulled = 0;
      async function* source() {
        for (const [i, stream] of fresh.entries()) {
          pulled++;
          yield { streamId: stream, events: [event('BetPlaced', { i }), event('BetSettled', { i })], expected: 'no_stream' as const };
          if (i === 700) yield { streamId: existing, events: [event('ParlaySettled', { n: 1 })], expected: 0n };
        }
      }
      const summary = await store.appendEach(source());
      expect(pulled).to.equal(fresh.length);
      expect(summary.streams).to.equal(fresh.length + 1);
      const read = await store.readStreams([...fresh, existing]);
      expect(read).to.have.length(fresh.length * 2 + 2);
      expect((await store.readStream(fresh[1000])).map((e) => [e.revision, e.type, e.data])).to.deep.equal([
        [0n, 'BetPlaced', { i: 1000 }],
        [1n, 'BetSettled', { i: 1000 }],
      ]);
      expect((await store.readStream(existing)).map((e) => e.data)).to.deep.equal([{ n: 0 }, { n: 1 }]);
      const latest = read.reduce((a, e) => (comparePositions(e.position, a) > 0 ? e.position : a), START);
      expect(comparePositions(summary.position!, latest)).to.equal(0);
      // A plain iterable does too; an empty one appends nothing.
      const one = streamId('bet');
      expect((await store.appendEach([{ streamId: one, events: [event('BetPlaced', {})], expected: 'no_stream' }])).streams).to.equal(1);
      expect(await store.appendEach([])).to.deep.equal({ streams: 0, position: undefined });
    });

    /** One 'no_stream' append of one event per stream, in order. */
    const newStreams = function* (ids: readonly string[]) {
      for (const id of ids) yield { streamId: id, events: [event('BetPlaced', {})], expected: 'no_stream' as const };
    };
    /** `count` fresh streams, then one that exists already (its 'no_stream' append fails), then one more. */
    const aTakenStreamAfter = async (count: number) => {
      const taken = streamId('bet');
      await store.append(taken, [event('BetPlaced', { n: 0 })], 'no_stream');
      return { taken, fresh: Array.from({ length: count }, () => streamId('bet')), after: streamId('bet') };
    };

    it('appends nothing more once appendEach fails (Postgres: nothing at all; EventStoreDB: a PartialAppend)', async function () {
      this.timeout(120_000);
      const { taken, fresh, after } = await aTakenStreamAfter(600);
      const refused = await rejection(store.appendEach(newStreams([...fresh, taken, after])));
      expect(await store.readStream(after)).to.deep.equal([]);
      expect(await store.readStream(taken)).to.have.length(1);
      if (options.multiStreamTransactions) {
        expect(refused).to.be.instanceOf(WrongExpectedRevision);
        expect(refused).to.include({ streamId: taken, expected: 'no_stream', actual: 0n });
        expect(await store.readStreams(fresh)).to.deep.equal([]);
      } else {
        expect(refused).to.be.instanceOf(PartialAppend);
        expect((refused as PartialAppend).appended.map((a) => a.streamId)).to.deep.equal(fresh);
        expect((refused as PartialAppend).cause).to.be.instanceOf(WrongExpectedRevision);
      }

      // The source itself failing after a few hundred were written.
      const more = Array.from({ length: 600 }, () => streamId('bet'));
      const broken = await rejection(
        store.appendEach(
          (async function* () {
            for (const stream of more) yield { streamId: stream, events: [event('BetPlaced', {})], expected: 'no_stream' as const };
            throw new Error('the file broke off');
          })(),
        ),
      );
      if (options.multiStreamTransactions) {
        expect((broken as Error).message).to.equal('the file broke off');
        expect(await store.readStreams(more)).to.deep.equal([]);
      } else {
        expect((broken as PartialAppend).appended).to.have.length(more.length);
      }
    });

    it('commits every few hundred streams with atomic: false, and names what was committed when one fails (a PartialAppend)', async function () {
      this.timeout(120_000);
      const { taken, fresh, after } = await aTakenStreamAfter(1_100);
      const refused = await rejection(store.appendEach(newStreams([...fresh, taken, after]), { atomic: false }));
      expect(refused).to.be.instanceOf(PartialAppend);
      expect((refused as PartialAppend).cause).to.be.instanceOf(WrongExpectedRevision);
      const committed = (refused as PartialAppend).appended.map((a) => a.streamId);
      // Postgres: the chunks committed before the failing one (in whole chunks); EventStoreDB: every one before it.
      expect(committed).to.deep.equal(fresh.slice(0, committed.length));
      expect(committed.length).to.be.at.least(options.multiStreamTransactions ? 500 : fresh.length);
      expect(new Set((await store.readStreams(fresh)).map((e) => e.streamId))).to.deep.equal(new Set(committed));
      expect(await store.readStream(after)).to.deep.equal([]);

      // Without a failure: every stream, the summary as atomic.
      const more = Array.from({ length: 1_234 }, () => streamId('bet'));
      const summary = await store.appendEach(
        more.map((stream) => ({ streamId: stream, events: [event('BetPlaced', {})], expected: 'no_stream' as const })),
        { atomic: false },
      );
      expect(summary.streams).to.equal(more.length);
      expect(await store.readStreams(more)).to.have.length(more.length);
    });

    it('lets readers see other writes while an atomic: false appendEach is still pulling its source', async function () {
      this.timeout(120_000);
      const first = Array.from({ length: 600 }, () => streamId('bet'));
      const other = streamId('bet');
      let resume!: () => void;
      const paused = new Promise<void>((ok) => (resume = ok));
      let reached!: () => void;
      const atPause = new Promise<void>((ok) => (reached = ok));
      const appending = store.appendEach(
        (async function* () {
          for (const stream of first) yield { streamId: stream, events: [event('BetPlaced', {})], expected: 'no_stream' as const };
          reached();
          await paused; // a slow source (a file read as it is appended)
        })(),
        { atomic: false },
      );
      await atPause;
      // Another user's write meanwhile is readable at once: no transaction of the import holds readers back.
      try {
        await store.append(other, [event('BetPlaced', {})], 'no_stream');
        expect(await store.readStreams([other])).to.have.length(1);
      } finally {
        resume(); // whatever the answer: an import left waiting would hold its connection
      }
      expect((await appending).streams).to.equal(first.length);
    });

    it("rejects 'no_stream' when the stream already exists", async () => {
      const stream = streamId('email');
      await store.append(stream, [event('EmailReserved', {})], 'no_stream');
      const error = await rejection(store.append(stream, [event('EmailReserved', {})], 'no_stream'));
      expect(error).to.be.instanceOf(WrongExpectedRevision);
      expect(error).to.include({ streamId: stream, expected: 'no_stream', actual: 0n });
      expect(await store.readStream(stream)).to.have.length(1);
    });

    it('rejects a stale revision and accepts the current one', async () => {
      const stream = streamId('goal');
      await store.append(stream, [event('GoalSet', {}), event('GoalRevised', {})], 'no_stream');
      const stale = await rejection(store.append(stream, [event('GoalRevised', {})], 0n));
      expect(stale).to.be.instanceOf(WrongExpectedRevision);
      expect(stale).to.include({ expected: 0n, actual: 1n });
      const ahead = await rejection(store.append(stream, [event('GoalRevised', {})], 5n));
      expect(ahead).to.be.instanceOf(WrongExpectedRevision);
      const missing = await rejection(store.append(streamId('goal'), [event('GoalSet', {})], 0n));
      expect(missing).to.be.instanceOf(WrongExpectedRevision);
      expect(missing).to.include({ actual: 'no_stream' });
      expect((await store.append(stream, [event('GoalRemoved', {})], 1n)).nextRevision).to.equal(2n);
    });

    it("appends with 'any' whether or not the stream exists", async () => {
      const stream = streamId('journal');
      expect((await store.append(stream, [event('JournalWritten', {})], 'any')).nextRevision).to.equal(0n);
      expect((await store.append(stream, [event('JournalRevised', {}), event('JournalRevised', {})], 'any')).nextRevision).to.equal(2n);
      expect((await store.readStream(stream)).map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(streamId('nothing'))).to.deep.equal([]);
    });

    it('pages through the global log in order, each page strictly after the position given', async () => {
      const before = await store.headPosition();
      const [a, b] = [streamId('bet'), streamId('bankroll')];
      await store.append(a, [event('BetPlaced', { i: 0 }), event('BetAmended', { i: 1 })], 'no_stream');
      await store.append(b, [event('FundsAdded', { i: 2 })], 'no_stream');
      const last = await store.append(a, [event('BetSettled', { i: 3 }), event('BetRemoved', { i: 4 })], 1n);
      expect(comparePositions(await store.headPosition(), last.position)).to.be.at.least(0);

      const ours = new Set([a, b]);
      const seen: RecordedEvent[] = [];
      let after = before;
      for (let pages = 0; ; pages++) {
        const page = await store.readAll({ after, maxCount: 2 });
        expect(page.length).to.be.at.most(2);
        if (page.length === 0 || pages > 1000) break;
        expect(comparePositions(page[0].position, after)).to.equal(1);
        seen.push(...page);
        after = page[page.length - 1].position;
      }
      expectIncreasing(seen.map((e) => e.position));
      expect(seen.filter((e) => ours.has(e.streamId)).map((e) => (e.data as { i: number }).i)).to.deep.equal([0, 1, 2, 3, 4]);

      // Starting exactly at an event excludes it.
      const fromSecond = await store.readAll({ after: seen.find((e) => ours.has(e.streamId))!.position, maxCount: 1 });
      expect(fromSecond.map((e) => e.data)).to.deep.equal([{ i: 1 }]);
    });

    it('pages through the global log with readAllPages, each page read ahead, ending once caught up', async () => {
      const before = await store.headPosition();
      const [a, b] = [streamId('bet'), streamId('goal')];
      await store.append(a, [event('BetPlaced', { i: 0 }), event('BetAmended', { i: 1 })], 'no_stream');
      await store.append(b, [event('GoalSet', { i: 2 })], 'no_stream');
      await store.append(a, [event('BetSettled', { i: 3 }), event('BetRemoved', { i: 4 })], 1n);

      const pages: RecordedEvent[][] = [];
      for await (const page of store.readAllPages(before, 2)) {
        expect(page.length).to.be.within(1, 2);
        pages.push(page);
        if (pages.length > 1000) break;
      }
      const seen = pages.flat();
      expect(comparePositions(seen[0].position, before)).to.equal(1);
      expectIncreasing(seen.map((e) => e.position));
      const ours = new Set([a, b]);
      expect(seen.filter((e) => ours.has(e.streamId)).map((e) => (e.data as { i: number }).i)).to.deep.equal([0, 1, 2, 3, 4]);

      // The same events as paging with readAll.
      const paged: RecordedEvent[] = [];
      for (let after = before; ;) {
        const page = await store.readAll({ after, maxCount: 3 });
        if (page.length === 0) break;
        paged.push(...page);
        after = page[page.length - 1].position;
      }
      expect(seen.filter((e) => ours.has(e.streamId))).to.deep.equal(paged.filter((e) => ours.has(e.streamId)));

      // Stopping early is fine (the page read ahead is dropped), and the default page size works.
      for await (const page of store.readAllPages(before)) {
        expect(page.length).to.be.greaterThan(0);
        break;
      }
      const after: RecordedEvent[] = [];
      for await (const page of store.readAllPages(seen[seen.length - 1].position, 10)) after.push(...page);
      expect(after.filter((e) => ours.has(e.streamId))).to.deep.equal([]);
    });

    it('reads several streams at once, in global order, as readAll shows them', async () => {
      const before = await store.headPosition();
      const [bet, bankroll, goal, other] = [streamId('bet'), streamId('bankroll'), streamId('goal'), streamId('bet')];
      await store.append(bet, [event('BetPlaced', { i: 0 })], 'no_stream');
      await store.append(other, [event('BetPlaced', { other: true })], 'no_stream');
      await store.append(bankroll, [event('FundsAdded', { i: 1 }), event('FundsAdded', { i: 2 })], 'no_stream');
      await store.append(goal, [event('GoalSet', { i: 3 })], 'no_stream');
      await store.append(bet, [event('BetSettled', { i: 4 })], 0n);
      await store.append(bankroll, [event('FundsWithdrawn', { i: 5 })], 1n);

      const read = await store.readStreams([goal, bet, streamId('missing'), bankroll, bet]);
      expect(read.map((e) => (e.data as { i: number }).i)).to.deep.equal([0, 1, 2, 3, 4, 5]);
      expectIncreasing(read.map((e) => e.position));
      const ours = new Set([bet, bankroll, goal]);
      const log = await store.readAll({ after: before, maxCount: 1000 });
      expect(read).to.deep.equal(log.filter((e) => ours.has(e.streamId)));
      expect(read.filter((e) => e.streamId === bet)).to.deep.equal(await store.readStream(bet));

      // After a position: only what follows it, in the same order.
      expect(await store.readStreams([goal, bet, bankroll], read[2].position)).to.deep.equal(read.slice(3));
      expect(await store.readStreams([goal, bet, bankroll], read[5].position)).to.deep.equal([]);
      expect(await store.readStreams([goal, bet, bankroll], START)).to.deep.equal(read);
      expect(await store.readStreams([])).to.deep.equal([]);
      expect(await store.readStreams([streamId('missing')])).to.deep.equal([]);
      expect((await store.readStreams([other])).map((e) => e.data)).to.deep.equal([{ other: true }]);
    });

    it('subscribes from the start, catches up, then delivers live events', async () => {
      const stream = streamId('bet');
      await store.append(stream, [event('BetPlaced', { i: 0 }), event('BetAmended', { i: 1 })], 'no_stream');
      let appendedLive: Promise<unknown> | undefined;
      const received = await collect(
        store.subscribeAll({ after: START }),
        (e) => e.streamId === stream,
        4,
        (seen) => {
          // Caught up with the history: what comes next must arrive live.
          if (seen.length === 2) appendedLive = store.append(stream, [event('BetSettled', { i: 2 }), event('BetRemoved', { i: 3 })], 1n);
        },
      );
      await appendedLive;
      expect(received.map((e) => [e.revision, e.data])).to.deep.equal([
        [0n, { i: 0 }],
        [1n, { i: 1 }],
        [2n, { i: 2 }],
        [3n, { i: 3 }],
      ]);
      expectIncreasing(received.map((e) => e.position));
    });

    it('subscribes from a position in the middle, excluding it', async () => {
      const stream = streamId('parlay');
      await store.append(
        stream,
        [event('ParlayCreated', { i: 0 }), event('ParlayAmended', { i: 1 }), event('ParlaySettled', { i: 2 })],
        'no_stream',
      );
      const middle = (await store.readStream(stream))[1].position;
      let appendedLive: Promise<unknown> | undefined;
      const received = await collect(
        store.subscribeAll({ after: middle }),
        (e) => e.streamId === stream,
        2,
        (seen) => {
          if (seen.length === 1) appendedLive = store.append(stream, [event('ParlayAmended', { i: 3 })], 2n);
        },
      );
      await appendedLive;
      expect(received.map((e) => e.data)).to.deep.equal([{ i: 2 }, { i: 3 }]);
    });

    it('round-trips data and metadata exactly', async () => {
      const stream = streamId('user');
      const metadata: EventMetadata = {
        occurredAt: '2024-03-01T12:34:56.789Z',
        commandId: randomUUID(),
        schemaVersion: 2,
        causation: { nested: [1, 2.5, null, true, 'ünïcødé ✓ 🎲'], empty: {} },
      };
      const data = { userId: randomUUID(), note: 'quotes " \\ and\nnewlines', stake: 12.34, odds: -110, legs: [{ odds: 150 }] };
      const head = await store.headPosition();
      await store.append(stream, [{ type: 'UserRegistered', data, metadata }], 'no_stream');
      const [fromStream] = await store.readStream(stream);
      expect(fromStream.metadata).to.deep.equal(metadata);
      expect(fromStream.data).to.deep.equal(data);
      const fromLog = (await store.readAll({ after: head, maxCount: 100 })).find((e) => e.streamId === stream);
      expect(fromLog).to.deep.equal(fromStream);
      const [live] = await collect(store.subscribeAll({ after: head }), (e) => e.streamId === stream, 1);
      expect(live).to.deep.equal(fromStream);
    });

    it('lets exactly one of many concurrent appends win each revision', async () => {
      const stream = streamId('bet');
      await store.append(stream, [event('BetPlaced', {})], 'no_stream');
      const racing = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => store.append(stream, [event('BetAmended', { i })], 0n)));
      expect(racing.filter((r) => r.status === 'fulfilled')).to.have.length(1);
      for (const r of racing) if (r.status === 'rejected') expect(r.reason).to.be.instanceOf(WrongExpectedRevision);

      const fresh = streamId('email');
      const creating = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => store.append(fresh, [event('EmailReserved', { i })], 'no_stream')),
      );
      expect(creating.filter((r) => r.status === 'fulfilled')).to.have.length(1);

      const anyAppends = await Promise.all(Array.from({ length: 8 }, () => store.append(stream, [event('BetAmended', {})], 'any')));
      expect(anyAppends.map((r) => r.nextRevision).sort((x, y) => Number(x - y))).to.deep.equal([2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
      expect((await store.readStream(stream)).map((e) => e.revision)).to.deep.equal([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
    });

    it('fails only the stale append among many concurrent appends to different streams', async () => {
      const existing = Array.from({ length: 6 }, () => streamId('goal'));
      const anyStream = streamId('goal');
      await Promise.all([...existing, anyStream].map((s) => store.append(s, [event('GoalSet', {})], 'no_stream')));
      const stale = existing[2];
      await store.append(stale, [event('GoalRevised', {})], 0n); // now at 1: an append expecting 0 is stale
      const fresh = Array.from({ length: 6 }, () => streamId('bet'));
      const taken = existing[4]; // 'no_stream' on a stream that exists
      const racing = await Promise.allSettled([
        ...existing.map((s) => store.append(s, [event('GoalRevised', { s })], s === stale ? 0n : s === taken ? 'no_stream' : 0n)),
        ...fresh.map((s) => store.append(s, [event('BetPlaced', { s }), event('BetSettled', { s })], 'no_stream')),
        store.append(anyStream, [event('GoalRemoved', {})], 'any'),
      ]);
      const failed = racing.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
      expect(failed).to.deep.equal([2, 4]);
      for (const i of failed) expect((racing[i] as PromiseRejectedResult).reason).to.be.instanceOf(WrongExpectedRevision);
      expect((racing[2] as PromiseRejectedResult).reason).to.include({ streamId: stale, expected: 0n, actual: 1n });
      expect((racing[4] as PromiseRejectedResult).reason).to.include({ streamId: taken, expected: 'no_stream', actual: 0n });

      // Every acknowledged append is readable, with the revision and position it was told.
      const told = new Map<string, { nextRevision: bigint; position: Position }[]>();
      const targets = [...existing, ...fresh, anyStream];
      racing.forEach((r, i) => {
        if (r.status === 'fulfilled') told.set(targets[i], [...(told.get(targets[i]) ?? []), r.value]);
      });
      for (const [stream, results] of told) {
        const recorded = await store.readStream(stream);
        expect(recorded.map((e) => e.revision)).to.deep.equal(recorded.map((_, i) => BigInt(i)));
        for (const result of results) {
          const last = recorded.find((e) => e.revision === result.nextRevision);
          expect(last, `${stream} at ${result.nextRevision}`).to.not.equal(undefined);
          expect(comparePositions(last!.position, result.position)).to.equal(0);
        }
      }
      for (const s of fresh) expect((await store.readStream(s)).map((e) => e.type)).to.deep.equal(['BetPlaced', 'BetSettled']);
      expect((await store.readStream(anyStream)).map((e) => e.type)).to.deep.equal(['GoalSet', 'GoalRemoved']);
      expect((await store.readStream(existing[5])).map((e) => e.type)).to.deep.equal(['GoalSet', 'GoalRevised']);
      expect(await store.readStream(stale)).to.have.length(2);
      expect(await store.readStream(taken)).to.have.length(1);
      const head = await store.headPosition();
      for (const results of told.values()) for (const { position } of results) expect(comparePositions(position, head)).to.be.at.most(0);
    });

    it('reads each stream whole when many reads run at once, and sees every append acknowledged before', async () => {
      const ids = Array.from({ length: 10 }, () => streamId('bet'));
      await Promise.all(
        ids.map((s, i) =>
          store.append(
            s,
            Array.from({ length: i + 1 }, (_, j) => event('BetAmended', { j })),
            'no_stream',
          ),
        ),
      );
      const reads = await Promise.all([...ids, ids[0], streamId('nothing')].map((s) => store.readStream(s)));
      ids.forEach((s, i) => {
        expect(reads[i].map((e) => e.streamId)).to.deep.equal(Array(i + 1).fill(s));
        expect(reads[i].map((e) => (e.data as { j: number }).j)).to.deep.equal(Array.from({ length: i + 1 }, (_, j) => j));
      });
      expect(reads[10]).to.deep.equal(reads[0]);
      expect(reads[10]).to.not.equal(reads[0]); // each caller its own array
      expect(reads[11]).to.deep.equal([]);
      // Appends racing reads: a read asked for after an append was acknowledged sees it.
      const checks = await Promise.all(
        ids.map(async (s, i) => {
          const result = await store.append(s, [event('BetSettled', {})], BigInt(i));
          const events = await store.readStream(s);
          return events.at(-1)?.revision === result.nextRevision;
        }),
      );
      expect(checks).to.deep.equal(ids.map(() => true));
    });
  });
}

/** A fresh stream id, named like the domain's (`bet-{uuid}`). */
export const streamId = (category: string): string => `${category}-${randomUUID()}`;

export const metadata = (): EventMetadata => ({ occurredAt: new Date().toISOString(), commandId: randomUUID(), schemaVersion: 1 });

export const event = (type: string, data: unknown, id?: string): NewEvent => ({ ...(id ? { id } : {}), type, data, metadata: metadata() });

/** Collects `count` events matching `keep`, unsubscribing afterwards; fails after 20 s without progress. */
export function collect(
  events: Observable<RecordedEvent>,
  keep: (e: RecordedEvent) => boolean,
  count: number,
  onEach?: (seen: RecordedEvent[]) => void,
): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  return firstValueFrom(
    events.pipe(
      filter(keep),
      tap((e) => {
        seen.push(e);
        onEach?.(seen);
      }),
      take(count),
      timeout({ each: 20_000 }),
      toArray(),
    ),
  );
}

export function expectIncreasing(positions: Position[]): void {
  for (let i = 1; i < positions.length; i++) {
    expect(comparePositions(positions[i - 1], positions[i]), `position ${i} is after position ${i - 1}`).to.equal(-1);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}
